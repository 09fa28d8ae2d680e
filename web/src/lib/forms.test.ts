import { Messages } from '@portal/core/shared';
import { ChangePasswordFormSchema } from '@portal/core/auth';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { onlyDirty, schemaErrors, serverFieldErrors } from './forms.ts';

describe('form helpers', () => {
  it("takes each field's first failing rule from a core schema", () => {
    const errors = schemaErrors(ChangePasswordFormSchema, {
      currentPassword: '',
      newPassword: 'short',
      newPasswordVerify: 'other',
    });
    expect(errors).toEqual({
      currentPassword: Messages.required,
      newPassword: Messages.passwordMinLength,
      newPasswordVerify: Messages.passwordsDoNotMatch,
    });
  });

  it("puts the server's 400 issues on their fields, first per field, ignoring unknown paths", () => {
    const error = new ApiError(400, {
      code: 'PASSWORD.TOO_WEAK',
      message: 'Password is too weak',
      issues: [
        { path: 'newPassword', message: 'Password is too weak' },
        { path: 'newPassword', message: 'second' },
        { path: 'somethingElse', message: 'x' },
      ],
    });
    expect(serverFieldErrors(error, ['newPassword', 'currentPassword'])).toEqual({
      newPassword: 'Password is too weak',
    });
    expect(serverFieldErrors(undefined, ['newPassword'])).toEqual({});
  });

  it("takes a server issue with a field code as that rule's text, to be translated by the code", () => {
    const error = new ApiError(400, {
      code: 'REQUEST.VALIDATION_FAILED',
      message: 'The request has invalid fields',
      issues: [
        { path: 'email', message: 'Not an address', code: 'FIELD.EMAIL_INVALID' },
        { path: 'firstname', message: 'Zod wording', code: 'NOT.A_FIELD_CODE' },
      ],
    });
    expect(serverFieldErrors(error, ['email', 'firstname'])).toEqual({
      email: 'Value is not a valid email address',
      firstname: 'Zod wording',
    });
  });

  it('shows errors only on dirty fields (SPEC 5)', () => {
    expect(onlyDirty({ a: 'x', b: 'y' }, { b: true })).toEqual({ b: 'y' });
  });
});
