import { Messages } from '@portal/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { RESET_LINK_INVALID, resetFailure, resetPasswordErrors, resetTokenOf } from './forgot-password.ts';

const token = 'A'.repeat(43);

describe('reset password through the e-mailed link (ADR 011)', () => {
  it('reads the token from the link', () => {
    expect(resetTokenOf(`?token=${token}`)).toBe(token);
    expect(resetTokenOf('?token=')).toBeNull();
    expect(resetTokenOf('')).toBeNull();
  });

  it("checks the new password with core's ResetPasswordFormSchema", () => {
    expect(resetPasswordErrors(token, { newPassword: 'Good-Password-2026!', newPasswordVerify: 'Good-Password-2026!' })).toEqual(
      {},
    );
    expect(resetPasswordErrors(token, { newPassword: 'short', newPasswordVerify: '' })).toEqual({
      newPassword: Messages.passwordMinLength,
      newPasswordVerify: Messages.required,
    });
    expect(
      resetPasswordErrors(token, { newPassword: 'Good-Password-2026!', newPasswordVerify: 'Other-Password-2026!' }),
    ).toEqual({ newPasswordVerify: Messages.passwordsDoNotMatch });
    expect(resetPasswordErrors('not-a-token', { newPassword: 'Good-Password-2026!', newPasswordVerify: 'Good-Password-2026!' }))
      .toHaveProperty('token');
  });

  it('a spent or expired link offers a new mail; policy and history land on the field', () => {
    const spent = resetFailure(
      new ApiError(400, { code: RESET_LINK_INVALID, message: 'This link is invalid or has expired. Please request a new one.' }),
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
