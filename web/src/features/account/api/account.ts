import type { Portal } from '@portal/core/shared';
import type { AccountUpdate } from '@portal/core/auth';
import useSWR from 'swr';
import * as z from '@portal/core/zod';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { patchStatus, refreshSession } from '../../../lib/auth.ts';
import { usePortal } from '../../../lib/portal.ts';
import { accountKeys, putAccount, revalidateAccount } from './keys.ts';

/** GET account (SPEC 3 Account). */
export const Account = z.object({
  email: z.string(),
  firstname: z.string(),
  surname: z.string(),
  jobTitle: z.optional(z.nullable(z.string())),
  customerId: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  /** A new address waiting for its mailed link (ADR 017); `email` stays the confirmed one until then. */
  pendingEmail: z.optional(z.nullable(z.object({ address: z.string(), validUntil: z.string() }))),
});
export type Account = z.infer<typeof Account>;

/**
 * GET account with that portal's session (`X-Portal: <portal>`). Failures show inline on My Account (no
 * snack); a 401/403 still opens the auth dialog.
 */
export const fetchAccount = async (portal: Portal) =>
  readJson(await api({ portal, notify: false }).account.$get(), Account, { notify: false });

/** The signed-in user's account on the current portal; pass `enabled: false` while logged out. */
export function useAccount(enabled: boolean) {
  const portal = usePortal();
  return useSWR(enabled ? accountKeys.account(portal) : null, ([, p]) => fetchAccount(p), {
    shouldRetryOnError: false,
  });
}

/**
 * POST account: the profile form (core's AccountUpdateSchema: a new e-mail address carries the current
 * password and becomes `pendingEmail` until its link is followed). The form shows success and failure
 * itself ('Changes saved successfully' / 'Saving changes failed' and the field issues of a 400).
 * Afterwards the account and the status (its user carries name and e-mail) are read again.
 */
export async function saveProfile(portal: Portal, form: AccountUpdate): Promise<Account> {
  const options = { portal, notify: false };
  const saved = await readJson(await api(options).account.$post({ json: form }), Account, options);
  await putAccount(portal, saved);
  await refreshSession(portal);
  return saved;
}

/** POST account/email/resend | cancel: a fresh link to the pending address, or the change withdrawn. */
export async function pendingEmailAction(portal: Portal, action: 'resend' | 'cancel'): Promise<Account> {
  const endpoint = api({ portal }).account.email[action];
  const saved = await readJson(await endpoint.$post(), Account);
  await putAccount(portal, saved);
  return saved;
}

/**
 * POST account/email/confirm {token}: the link mailed to a new address (no session needed). The page
 * shows the outcome itself; a signed-in session reads its status again (its user's e-mail changed).
 */
export async function confirmEmailChange(portal: Portal, token: string): Promise<string> {
  const options = { portal, notify: false, authDialog: false };
  const res = await api(options).account.email.confirm.$post({ json: { token } });
  const { email } = await readJson(res, z.object({ success: z.literal(true), email: z.string() }), options);
  await refreshSession(portal).catch(() => undefined);
  await revalidateAccount(portal);
  return email;
}

/**
 * GET account/set-locale?locale=… (only the portal's supported locales, SPEC 5). The status is read
 * again; its user's locale switches the interface language (root layout).
 */
export async function setAccountLocale(portal: Portal, locale: string): Promise<void> {
  const options = { portal };
  await readJson(await api(options).account['set-locale'].$get({ query: { locale } }), z.object({ locale: z.string() }));
  await refreshSession(portal);
}

/**
 * POST account/mfa-notice/dismiss: the MFA notice stays hidden for good (kept on the account). Hidden at
 * once; if the server refuses, the status is read again and the notice comes back.
 */
export async function dismissMfaNotice(portal: Portal): Promise<void> {
  await patchStatus(portal, { mfaNoticeDismissed: true });
  try {
    await readJson(await api({ portal }).account['mfa-notice'].dismiss.$post(), z.object({ success: z.literal(true) }));
  } finally {
    await refreshSession(portal).catch(() => undefined);
  }
}
