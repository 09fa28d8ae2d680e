import useSWR from 'swr';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';

/** GET account (SPEC 3 Account). Editing (POST account) comes with the accounts issue. */
export const Account = z.object({
  email: z.string(),
  firstname: z.string(),
  surname: z.string(),
  jobTitle: z.string().nullable().optional(),
  customerId: z.union([z.string(), z.number()]).nullable().optional(),
});
export type Account = z.infer<typeof Account>;

export const accountKey = ['account'] as const;
/** Failures show inline on My Account (no snack); a 401/403 still opens the auth dialog. */
export const fetchAccount = async () =>
  readJson(await api({ notify: false }).account.$get(), Account, { notify: false });

/** The signed-in user's account; pass `enabled: false` while logged out. */
export function useAccount(enabled: boolean) {
  return useSWR(enabled ? accountKey : null, fetchAccount, { shouldRetryOnError: false });
}
