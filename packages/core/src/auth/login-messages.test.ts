import { describe, expect, it } from 'vitest';
import { LOGIN } from './errors.ts';
import { loginFailureMessage, resendPasswordFailedMessage, resetInstructionsSentMessage } from './login-messages.ts';

describe('loginFailureMessage', () => {
  it.each([
    [LOGIN.FORM.ERROR.WRONG_PASSWORD, 'wrong password'],
    [LOGIN.FORM.ERROR.WRONG_URL, 'wrong url'],
    [LOGIN.FORM.ERROR.ACCOUNT_LOCKED, 'account locked'],
    [LOGIN.FORM.ERROR.INVALID_CERTIFICATE, 'invalid certificate'],
    [LOGIN.FORM.ERROR.INVALID_IP, 'invalid ip'],
  ])('maps %s to its message', (code, message) => {
    expect(loginFailureMessage(code)).toBe(message);
  });

  it('shows any other message as received', () => {
    expect(loginFailureMessage('Maintenance until 10:00')).toBe('Maintenance until 10:00');
    expect(loginFailureMessage('toString')).toBe('toString');
  });

  it('shows the invalid-user-name message for an empty message', () => {
    expect(loginFailureMessage('')).toBe('Invalid username or password');
    expect(loginFailureMessage('  ')).toBe('Invalid username or password');
    expect(loginFailureMessage(undefined)).toBe('Invalid username or password');
  });
});

describe('password reset messages', () => {
  it('append the address', () => {
    expect(resendPasswordFailedMessage('a@b.de')).toBe('Failed to resend password for: a@b.de');
    expect(resetInstructionsSentMessage('a@b.de')).toBe('Please follow the instructions we sent to: a@b.de');
  });
});
