import { emailRule, requiredRule } from '@portal/core/shared';
import { translateCoreMessage, translate } from '../../../i18n/index.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { serverFieldErrors } from '../../../lib/forms.ts';
import type { MemberScope } from './members.ts';

/** The invite dialog's form (ADR 113). */
export interface InviteDraft {
  email: string;
  firstname: string;
  surname: string;
  permissions: string[];
  scope: MemberScope;
}

type Issues = Record<string, string>;

/** The invite form's own rules (core's): names and e-mail address required, the address well-formed. */
export function inviteIssues(draft: InviteDraft): Issues {
  const issues: Issues = {};
  const firstname = requiredRule(draft.firstname);
  const surname = requiredRule(draft.surname);
  const email = requiredRule(draft.email) ?? emailRule(draft.email.trim());
  if (firstname) issues.firstname = translateCoreMessage(translate, firstname);
  if (surname) issues.surname = translateCoreMessage(translate, surname);
  if (email) issues.email = translateCoreMessage(translate, email);
  return issues;
}

/**
 * A refused change in words: the server's field issues on their fields, anything else (the code's text:
 * a permission beyond the admin's own, a concurrent change, a network failure) above the form.
 */
export function teamFailure<F extends string>(error: unknown, fields: readonly F[]): { fields: Issues; message: string | null } {
  const onFields = error instanceof ApiError ? serverFieldErrors(error, fields) : {};
  const translated: Issues = {};
  for (const [field, text] of Object.entries(onFields))
    if (typeof text === 'string') translated[field] = translateCoreMessage(translate, text);
  return { fields: translated, message: Object.keys(translated).length > 0 ? null : errorMessage(error) };
}
