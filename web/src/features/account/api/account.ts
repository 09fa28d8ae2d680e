import type { Portal } from '@portal/core';
import useSWR from 'swr';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { usePortal } from '../../../lib/portal.ts';

/** GET account (SPEC 3 Account). Editing (POST account) comes with the accounts issue. */
export const Account = z.object({
  email: z.string(),
  firstname: z.string(),
  surname: z.string(),
  jobTitle: z.string().nullable().optional(),
  customerId: z.union([z.string(), z.number()]).nullable().optional(),
});
export type Account = z.infer<typeof Account>;

/** Session-bound: keyed by the portal whose session it is read with (dropped by that portal's logout). */
export const accountKey = (portal: Portal) => ['account', portal] as const;
/**
 * GET account with that portal's session (`X-Portal: <portal>`). Failures show inline on My Account (no
 * snack); a 401/403 still opens the auth dialog.
 */
export const fetchAccount = async (portal: Portal) =>
  readJson(await api({ portal, notify: false }).account.$get(), Account, { notify: false });

/** The signed-in user's account on the current portal; pass `enabled: false` while logged out. */
export function useAccount(enabled: boolean) {
  const portal = usePortal();
  return useSWR(enabled ? accountKey(portal) : null, ([, p]) => fetchAccount(p), {
    shouldRetryOnError: false,
  });
}
