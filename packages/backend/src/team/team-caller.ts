import type { Portal } from '@portal/core/shared';
import type { Account, ReauthSession } from '../accounts/index.ts';

/** Who calls the team service (ADR 113): the signed-in admin (its account read on this request), its session, portal and address. */
export type TeamCaller = { account: Account; session: ReauthSession; portal: Portal; ip?: string | undefined };

/** A person as the audit log names it (ADR 114): username and name as they are now. */
export const personOf = (a: Pick<Account, 'username' | 'firstname' | 'surname'>) => ({
  username: a.username,
  name: `${a.firstname} ${a.surname}`.trim() || a.username,
});
