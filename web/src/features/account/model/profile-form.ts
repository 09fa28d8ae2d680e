import { ProfileFormSchema } from '@portal/core/auth';
import { ApiError } from '../../../lib/api-client.ts';
import { type FieldErrors, schemaErrors, serverFieldErrors } from '../../../lib/forms.ts';
import type { Account } from '../api/account.ts';

/** The editable part of the account (SPEC 3; the customer ID is the administrator's). */
export const PROFILE_FIELDS = ['email', 'firstname', 'surname', 'jobTitle'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;

export const profileValues = (account: Account | undefined): ProfileValues => ({
  email: account?.email ?? '',
  firstname: account?.firstname ?? '',
  surname: account?.surname ?? '',
  jobTitle: account?.jobTitle ?? '',
});

/** Core's rules: a required, well-formed e-mail address; names and job title up to 100 characters. */
export const profileErrors = (values: ProfileValues): FieldErrors<ProfileField> => schemaErrors(ProfileFormSchema, values);

/** A new e-mail address (not just other letter case or spaces): it needs the current password (ADR 017). */
export const emailChanged = (values: ProfileValues, saved: ProfileValues): boolean =>
  values.email.trim().toLowerCase() !== saved.email.trim().toLowerCase();

export const profileChanged = (values: ProfileValues, saved: ProfileValues): boolean =>
  PROFILE_FIELDS.some((field) => values[field].trim() !== saved[field].trim());

/** What the form says after a failed save: 'Saving changes failed' plus the server's field issues. */
export function profileSaveFailure(error: unknown): FieldErrors<ProfileField> {
  return error instanceof ApiError ? serverFieldErrors(error, PROFILE_FIELDS) : {};
}
