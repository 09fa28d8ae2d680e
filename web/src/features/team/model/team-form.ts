import type { TeamScope } from '@portal/core/auth/team';
import { emailRule, requiredRule } from '@portal/core/shared';
import { translate, translateCoreMessage } from '../../../i18n/index.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { serverFieldErrors } from '../../../lib/forms.ts';
import { seatsAt, type TeamCap } from './seats.ts';

/** The invite dialog's form (ADR 113): permissions as `module.permission` keys (permissions.ts). */
export interface InviteDraft {
  email: string;
  firstname: string;
  surname: string;
  customerId: string;
  permissions: string[];
}

/** A new invitation's draft, placed at the first customer with a seat left (the admin's own, when it has room). */
export const emptyInvite = (scopes: readonly TeamScope[], cap?: TeamCap): InviteDraft => ({
  email: '',
  firstname: '',
  surname: '',
  customerId: (scopes.find((s) => !cap || cap.limit === null || seatsAt(cap, s.customerId) < cap.limit) ?? scopes[0])?.customerId ?? '',
  permissions: [],
});

type Issues = Record<string, string>;

/** The invite form's own rules (core's): names and e-mail address required, the address well-formed. */
export function inviteIssues(draft: InviteDraft): Issues {
  const issues: Issues = {};
  const rules = {
    firstname: requiredRule(draft.firstname),
    surname: requiredRule(draft.surname),
    email: requiredRule(draft.email) ?? emailRule(draft.email.trim()),
  };
  for (const [field, message] of Object.entries(rules)) if (message) issues[field] = translateCoreMessage(translate, message);
  return issues;
}

/**
 * A refused change in words: the server's field issues on their fields, anything else (the code's text: a
 * permission beyond the admin's own, a concurrent change, the cap, a network failure) above the form.
 */
function teamFailure(error: unknown, fields: readonly string[]): { fields: Issues; message: string | null } {
  const onFields = error instanceof ApiError ? serverFieldErrors(error, fields) : {};
  const translated: Issues = {};
  for (const [field, text] of Object.entries(onFields))
    if (typeof text === 'string') translated[field] = translateCoreMessage(translate, text);
  return { fields: translated, message: Object.keys(translated).length > 0 ? null : errorMessage(error) };
}

/**
 * A team change run by useBusyCall: a refusal's field issues go on their fields (`onFields`), anything else
 * is thrown on for the hook to word above the form (as teamFailure words it). Resolves whether it was made.
 */
export async function teamChange(change: () => Promise<unknown>, fields: readonly string[], onFields: (issues: Issues) => void) {
  try {
    await change();
    return true;
  } catch (error) {
    const failure = teamFailure(error, fields);
    onFields(failure.fields);
    if (failure.message) throw error;
    return false;
  }
}
