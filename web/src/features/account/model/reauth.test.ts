import { Messages } from '@portal/core/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { emailChanged, profileValues } from './profile-form.ts';
import { isReauthFresh, needsPassword, reauthFailure } from '../../../lib/reauth.ts';

describe('asking for the current password (ADR 017)', () => {
  it('asks for it only when the e-mail address really changes', () => {
    const saved = profileValues({ email: 'anna@shop.example', firstname: 'A', surname: 'B', jobTitle: '' });
    expect(emailChanged({ ...saved, firstname: 'Anne' }, saved)).toBe(false);
    expect(emailChanged({ ...saved, email: ' Anna@Shop.example ' }, saved)).toBe(false);
    expect(emailChanged({ ...saved, email: 'anna@elsewhere.example' }, saved)).toBe(true);
  });

  it('shows a refused password on the field and anything else above it', () => {
    const wrong = new ApiError(400, {
      code: 'ACCOUNT.PASSWORD_MISMATCH',
      message: Messages.currentPasswordMismatch,
      issues: [{ path: 'currentPassword', message: Messages.currentPasswordMismatch }],
    });
    expect(reauthFailure(wrong)).toEqual({ field: Messages.currentPasswordMismatch });
    const locked = new ApiError(429, { code: 'LOGIN.FORM.ERROR.ACCOUNT_LOCKED', message: 'Too many wrong passwords.' });
    expect(reauthFailure(locked)).toEqual({ message: 'Too many wrong passwords.' });
  });
});

describe('a recent sign-in instead of the password (ADR 055)', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  it('skips the prompt only while the server says the sign-in is fresh, with a margin', () => {
    expect(isReauthFresh({ reauthUntil: '2026-11-28T10:04:00Z' }, now)).toBe(true);
    expect(isReauthFresh({ reauthUntil: '2026-11-28T10:00:10Z' }, now)).toBe(false);
    expect(isReauthFresh({ reauthUntil: '2026-11-28T09:59:00Z' }, now)).toBe(false);
    expect(isReauthFresh({}, now)).toBe(false);
    expect(isReauthFresh(undefined, now)).toBe(false);
  });

  it('asks for the password when the server wants it after all', () => {
    expect(needsPassword(new ApiError(400, { code: 'ACCOUNT.PASSWORD_REQUIRED', message: 'Please enter your current password.' }))).toBe(
      true,
    );
    expect(needsPassword(new ApiError(400, { code: 'ACCOUNT.PASSWORD_MISMATCH', message: 'x' }))).toBe(false);
  });
});
