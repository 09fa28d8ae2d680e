import { describe, expect, it } from 'vitest';
import {
  codeHalves,
  groupKey,
  recoveryCodesFileName,
  recoveryCodesText,
  setupCodeProblem,
  setupFailureKey,
  setupPurpose,
  setupReducer,
} from './mfa.ts';

describe('authenticator key and recovery codes', () => {
  it('groups the key by four for typing', () => {
    expect(groupKey('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupKey('ABCDEF')).toBe('ABCD EF');
    expect(groupKey('')).toBe('');
  });

  it('shows a 10-digit code in two halves (copied without the gap)', () => {
    expect(codeHalves('1234567890')).toEqual(['12345', '67890']);
    expect(codeHalves('123')).toEqual(['12', '3']);
  });

  it('writes the download: heading, account, date, one code per line, the note', () => {
    const text = recoveryCodesText(['1111111111', '2222222222'], {
      heading: 'Recovery codes',
      account: 'Account: anna',
      created: 'Created: today',
      note: 'Each code works once.',
    });
    expect(text.split('\n')).toEqual([
      'Recovery codes',
      'Account: anna',
      'Created: today',
      '',
      '1111111111',
      '2222222222',
      '',
      'Each code works once.',
      '',
    ]);
    expect(recoveryCodesFileName('anna.müller@x')).toBe('recovery-codes-anna.m_ller_x.txt');
  });
});

describe('the set-up page', () => {
  it('a set-up code is six digits; letters are "Value must be numeric"', () => {
    expect(setupCodeProblem('123456')).toBeNull();
    expect(setupCodeProblem('')).toBe('length');
    expect(setupCodeProblem('12345')).toBe('length');
    expect(setupCodeProblem('1234567')).toBe('length');
    expect(setupCodeProblem('12a456')).toBe('numeric');
  });

  it('steps: choose a method, set it up (e-mail: after the code was sent), back to the choice', () => {
    const start = { step: 'choose' } as const;
    expect(setupReducer(start, { type: 'choose', method: 'app' })).toEqual({ step: 'app' });
    const email = setupReducer(start, { type: 'choose', method: 'email' });
    expect(email).toEqual({ step: 'email', codeSent: false });
    expect(setupReducer(email, { type: 'codeSent' })).toEqual({ step: 'email', codeSent: true });
    expect(setupReducer({ step: 'app' }, { type: 'codeSent' })).toEqual({ step: 'app' });
    expect(setupReducer({ step: 'email', codeSent: true }, { type: 'back' })).toEqual(start);
  });

  it('introduces itself as required, first set-up or a switch of method', () => {
    expect(setupPurpose('none', true)).toBe('required');
    expect(setupPurpose('none', false)).toBe('first');
    expect(setupPurpose('app', false)).toBe('switch');
    expect(setupPurpose('email', true)).toBe('switch');
  });

  it('words the set-up failures it knows, leaves the rest to the server', () => {
    expect(setupFailureKey('MFA.WRONG_CODE')).toBe('mfaSetup.wrongCode');
    expect(setupFailureKey('MFA.NO_PENDING_SECRET')).toBe('mfaSetup.noPendingSecret');
    expect(setupFailureKey('MFA.SETUP_CHANGED')).toBe('mfaSetup.setupChanged');
    expect(setupFailureKey('REQUEST.RATE_LIMITED')).toBeNull();
    expect(setupFailureKey('toString')).toBeNull();
    expect(setupFailureKey(undefined)).toBeNull();
  });
});
