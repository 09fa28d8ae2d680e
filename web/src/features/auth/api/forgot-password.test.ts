import { Messages } from '@portal/core/shared';
import { XSSI_PREFIX } from '@portal/core/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { PASSWORD } from '@portal/core/auth';
import { checkResetLink, resetFailure, resetPasswordErrors, resetTokenOf } from './forgot-password.ts';

const token = 'A'.repeat(43);

describe('reset password through the e-mailed link (ADR 011)', () => {
  it('reads the token from the link', () => {
    expect(resetTokenOf(`?token=${token}`)).toBe(token);
    expect(resetTokenOf('?token=')).toBeNull();
    expect(resetTokenOf('')).toBeNull();
  });

  it("checks the new password with core's ResetPasswordFormSchema", () => {
    expect(resetPasswordErrors(token, { newPassword: 'Good-Password-2026!', newPasswordVerify: 'Good-Password-2026!' })).toEqual({});
    expect(resetPasswordErrors(token, { newPassword: 'short', newPasswordVerify: '' })).toEqual({
      newPassword: Messages.passwordMinLength,
      newPasswordVerify: Messages.required,
    });
    expect(resetPasswordErrors(token, { newPassword: 'Good-Password-2026!', newPasswordVerify: 'Other-Password-2026!' })).toEqual({
      newPasswordVerify: Messages.passwordsDoNotMatch,
    });
    expect(
      resetPasswordErrors('not-a-token', { newPassword: 'Good-Password-2026!', newPasswordVerify: 'Good-Password-2026!' }),
    ).toHaveProperty('token');
  });

  it('a spent or expired link offers a new mail; policy and history land on the field', () => {
    const spent = resetFailure(
      new ApiError(400, { code: PASSWORD.RESET_LINK_INVALID, message: 'This link is invalid or has expired. Please request a new one.' }),
    );
    expect(spent).toMatchObject({ ok: false, linkInvalid: true, fieldErrors: {} });
    const reused = resetFailure(
      new ApiError(400, {
        code: 'PASSWORD.ALREADY_USED',
        message: Messages.passwordAlreadyUsed,
        issues: [{ path: 'newPassword', message: Messages.passwordAlreadyUsed }],
      }),
    );
    expect(reused).toMatchObject({ linkInvalid: false, fieldErrors: { newPassword: Messages.passwordAlreadyUsed } });
    expect(resetFailure(new Error('offline'))).toMatchObject({ linkInvalid: false, message: '' });
  });
});

describe('checking the link when the page opens (ADR 017)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const answer = (status: number, body: unknown) =>
    vi.fn(
      async (..._args: unknown[]) =>
        new Response(XSSI_PREFIX + JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );

  it('asks the server without using the link up, and tells a spent link from a failed check', async () => {
    const fetch = answer(200, { valid: true });
    vi.stubGlobal('fetch', fetch);
    expect(await checkResetLink(token, 'ordering')).toBe('valid');
    expect(String(fetch.mock.calls[0]![0])).toContain('/auth/reset-password/check');

    vi.stubGlobal('fetch', answer(400, { code: PASSWORD.RESET_LINK_INVALID, message: 'This link is invalid or has expired.' }));
    expect(await checkResetLink(token, 'ordering')).toBe('invalid');
    // Rate limited or offline: not known, so the form shows and the submit checks again.
    vi.stubGlobal('fetch', answer(429, { code: 'REQUEST.RATE_LIMITED', message: 'Too many requests.' }));
    expect(await checkResetLink(token, 'ordering')).toBe('unknown');
  });

  it('a malformed token is invalid without asking', async () => {
    const fetch = answer(200, { valid: true });
    vi.stubGlobal('fetch', fetch);
    expect(await checkResetLink('not-a-token', 'ordering')).toBe('invalid');
    expect(fetch).not.toHaveBeenCalled();
  });
});
