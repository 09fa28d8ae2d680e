import { Messages } from '@portal/core/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, ClientErrorCode } from '../../../lib/api-client.ts';
import { changePasswordErrors, changePasswordFailure, emptyPasswordValues } from './change-password.ts';
import { profileChanged, profileErrors, profileSaveFailure, profileValues } from '../model/profile-form.ts';

describe('profile form (POST account)', () => {
  const saved = profileValues({ email: 'a@b.example', firstname: 'A', surname: 'B', jobTitle: null });

  it("reads the account, checks core's rules, notices changes", () => {
    expect(saved).toEqual({ email: 'a@b.example', firstname: 'A', surname: 'B', jobTitle: '' });
    expect(profileErrors(saved)).toEqual({});
    expect(profileErrors({ ...saved, email: 'nope' })).toEqual({ email: Messages.email });
    expect(profileErrors({ ...saved, email: ' ' })).toEqual({ email: Messages.required });
    expect(profileChanged({ ...saved, jobTitle: 'Lead' }, saved)).toBe(true);
    expect(profileChanged({ ...saved, firstname: ' A ' }, saved)).toBe(false);
  });

  it("puts a 400's issues on the fields", () => {
    const error = new ApiError(400, {
      code: 'REQUEST.VALIDATION_FAILED',
      message: 'The request has invalid fields',
      issues: [{ path: 'email', message: Messages.email }],
    });
    expect(profileSaveFailure(error)).toEqual({ email: Messages.email });
    expect(profileSaveFailure(new Error('x'))).toEqual({});
  });
});

describe('change password (PUT auth/change-password)', () => {
  it("uses core's ChangePasswordFormSchema", () => {
    expect(changePasswordErrors(emptyPasswordValues)).toEqual({
      currentPassword: Messages.required,
      newPassword: Messages.required,
      newPasswordVerify: Messages.required,
    });
    const good = 'Brand-New-Secret-1!';
    expect(changePasswordErrors({ currentPassword: 'x', newPassword: good, newPasswordVerify: good })).toEqual({});
  });

  it("shows the server's verdict, or 'Failed to change password'", () => {
    const reused = new ApiError(400, {
      code: 'PASSWORD.ALREADY_USED',
      message: Messages.passwordAlreadyUsed,
      issues: [{ path: 'newPassword', message: Messages.passwordAlreadyUsed }],
    });
    expect(changePasswordFailure(reused)).toEqual({
      message: Messages.passwordAlreadyUsed,
      fieldErrors: { newPassword: Messages.passwordAlreadyUsed },
    });
    const mismatch = new ApiError(400, {
      code: 'PASSWORD.CURRENT_MISMATCH',
      message: Messages.currentPasswordMismatch,
      issues: [{ path: 'currentPassword', message: Messages.currentPasswordMismatch }],
    });
    expect(changePasswordFailure(mismatch).fieldErrors).toEqual({ currentPassword: Messages.currentPasswordMismatch });
    expect(changePasswordFailure(new ApiError(500, { code: 'SERVER.INTERNAL', message: 'Something went wrong' }))).toEqual({
      message: Messages.passwordChangeFailed,
      fieldErrors: {},
    });
    expect(changePasswordFailure(new ApiError(0, { code: ClientErrorCode.network, message: '' })).message).toBe(
      Messages.passwordChangeFailed,
    );
  });
});
