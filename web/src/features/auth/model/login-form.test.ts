import { Messages } from '@portal/core/shared';
import { LOGIN } from '@portal/core/auth';
import { describe, expect, it } from 'vitest';
import { ApiError, ClientErrorCode } from '../../../lib/api-client.ts';
import { signedIn } from '../../../test/fixtures.ts';
import { afterLoginPath, loginFailure, loginFormErrors, loginOutcome, loginResultFailure } from './login-form.ts';
import { emptyLoginValues, signInBody, visibleErrors } from './login-values.ts';

const values = (v: Partial<typeof emptyLoginValues>) => ({ ...emptyLoginValues, ...v });
const result = (response: { success: boolean; mfa?: 10 | 20; message?: string }) => ({
  response,
  username: 'u',
  securityFlag: 0,
  passwordExpired: false,
});

describe('login form validation (SPEC 5)', () => {
  it('requires username and password; whitespace-only is empty', () => {
    expect(loginFormErrors(emptyLoginValues, false)).toEqual({
      username: Messages.required,
      password: Messages.required,
    });
    expect(loginFormErrors(values({ username: '  ', password: '\t' }), false)).toEqual({
      username: Messages.required,
      password: Messages.required,
    });
    expect(loginFormErrors(values({ username: 'u', password: ' p ' }), false)).toEqual({});
  });

  it('checks the secret code (digits only, empty allowed) only in the MFA step', () => {
    const v = values({ username: 'u', password: 'p', secretCode: '12a' });
    expect(loginFormErrors(v, false)).toEqual({});
    expect(loginFormErrors(v, true)).toEqual({ secretCode: Messages.numeric });
    expect(loginFormErrors(values({ username: 'u', password: 'p' }), true)).toEqual({});
  });

  it('shows errors only on dirty fields', () => {
    const errors = loginFormErrors(emptyLoginValues, false);
    expect(visibleErrors(errors, {})).toEqual({});
    expect(visibleErrors(errors, { username: true })).toEqual({ username: Messages.required });
  });

  it('sends the secret code only in the MFA step and only when given', () => {
    expect(signInBody(values({ username: 'u', password: 'p', secretCode: '1' }), false)).toEqual({
      username: 'u',
      password: 'p',
    });
    expect(signInBody(values({ username: 'u', password: 'p', secretCode: '' }), true)).toEqual({
      username: 'u',
      password: 'p',
    });
    expect(signInBody(values({ username: 'u', password: 'p', secretCode: '123456' }), true)).toEqual({
      username: 'u',
      password: 'p',
      secretCode: '123456',
    });
  });
});

describe('login failures (SPEC 8)', () => {
  const apiError = (status: number, code: string, message: string, retryAfter?: number) =>
    new ApiError(status, { code, message }, retryAfter);

  it('a known code shows its message, whatever the server message says', () => {
    expect(loginFailure(apiError(401, LOGIN.FORM.ERROR.WRONG_PASSWORD, 'Invalid username or password')).message).toBe(
      Messages.wrongPassword,
    );
    expect(loginFailure(apiError(401, LOGIN.FORM.ERROR.ACCOUNT_LOCKED, '')).message).toBe(Messages.accountLocked);
    expect(loginFailure(apiError(401, LOGIN.FORM.ERROR.WRONG_URL, '')).message).toBe(Messages.wrongUrl);
    expect(loginFailure(apiError(401, LOGIN.FORM.ERROR.INVALID_CERTIFICATE, '')).message).toBe(Messages.invalidCertificate);
    expect(loginFailure(apiError(401, LOGIN.FORM.ERROR.INVALID_IP, '')).message).toBe(Messages.invalidIp);
  });

  it('any other non-empty message is shown as received; an empty one is the invalid-user text', () => {
    expect(loginFailure(apiError(400, 'REQUEST.VALIDATION_FAILED', 'The request has invalid fields')).message).toBe(
      'The request has invalid fields',
    );
    expect(loginFailure(apiError(401, 'auth', '')).message).toBe(Messages.invalidUsernameOrPassword);
  });

  it('an expired second step starts the sign-in again and shows the message as received', () => {
    const failure = loginFailure(apiError(401, 'LOGIN.FORM.ERROR.MFA_EXPIRED', 'Your sign-in has expired.'));
    expect(failure).toEqual({ message: 'Your sign-in has expired.', rateLimited: false, restart: true });
    expect(loginFailure(apiError(401, 'LOGIN.FORM.ERROR.WRONG_CODE', 'The secret code is not valid'))).toEqual({
      message: 'The secret code is not valid',
      rateLimited: false,
    });
  });

  it('rate limiting carries Retry-After', () => {
    expect(loginFailure(apiError(429, 'rate_limited', '', 42))).toEqual({
      message: '',
      rateLimited: true,
      retryAfter: 42,
    });
  });

  it('a lock says in about how many minutes to try again (ADR 017)', () => {
    expect(loginFailure(apiError(401, LOGIN.FORM.ERROR.ACCOUNT_LOCKED, 'account locked', 61))).toEqual({
      message: Messages.accountLocked,
      rateLimited: false,
      lockedForMinutes: 2,
    });
    expect(loginFailure(apiError(401, LOGIN.FORM.ERROR.ACCOUNT_LOCKED, 'account locked', 30)).lockedForMinutes).toBe(1);
    // A lock set by an administrator has no end to tell.
    expect(loginFailure(apiError(401, LOGIN.FORM.ERROR.ACCOUNT_LOCKED, 'account locked'))).not.toHaveProperty('lockedForMinutes');
  });

  it('a wrong portal points to the other one (ADR 017)', () => {
    const wrong = apiError(401, LOGIN.FORM.ERROR.WRONG_URL, 'wrong url');
    expect(loginFailure(wrong, 'ordering')).toEqual({ message: Messages.wrongUrl, rateLimited: false, rightPortal: 'connect' });
    expect(loginFailure(wrong, 'connect').rightPortal).toBe('ordering');
  });

  it("a network failure or anything unexpected is 'Failed to sign in'", () => {
    expect(loginFailure(apiError(0, ClientErrorCode.network, '')).message).toBe(Messages.failedToSignIn);
    expect(loginFailure(new Error('boom')).message).toBe(Messages.failedToSignIn);
  });

  it('a 200 without success shows its message, or the invalid-user text', () => {
    expect(loginResultFailure(result({ success: false })).message).toBe(Messages.invalidUsernameOrPassword);
    expect(loginResultFailure(result({ success: false, message: 'Nope' })).message).toBe('Nope');
  });
});

describe('login outcome (SPEC 4)', () => {
  it('asks for a secret code after the first MFA step, sets MFA up on 10, else signs in', () => {
    expect(loginOutcome(result({ success: false, mfa: 20 }))).toBe('mfaCode');
    expect(loginOutcome(result({ success: true, mfa: 10 }))).toBe('mfaSetup');
    expect(loginOutcome(result({ success: true }))).toBe('signedIn');
    expect(loginOutcome(result({ success: false }))).toBe('failed');
  });

  it('goes to the MFA set-up page on 10, otherwise to the session landing page', () => {
    const status = signedIn({ mfaStatus: 'app' }, { couponingManagement: true });
    expect(afterLoginPath('mfaSetup', status)).toBe('/app/my-account/mfa');
    expect(afterLoginPath('signedIn', status)).toBe('/app/couponing');
    expect(afterLoginPath('mfaSetup', status, 'connect')).toBe('/connect/my-account/mfa');
    expect(afterLoginPath('signedIn', status, 'connect')).toBe('/connect');
  });

  it('an expired password lands on My Account, on either portal', () => {
    const expired = signedIn({ mfaStatus: 'app', passwordExpired: true }, { couponingManagement: true });
    expect(afterLoginPath('signedIn', expired)).toBe('/app/my-account');
    expect(afterLoginPath('signedIn', expired, 'connect')).toBe('/connect/my-account');
  });

  it('without MFA the ordering portal lands on My Account (SPEC 2)', () => {
    expect(afterLoginPath('signedIn', signedIn({}, { couponingManagement: true }))).toBe('/app/my-account');
  });
});
