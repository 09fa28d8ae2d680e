import { TEAM } from '@portal/core/auth';
import { type Account, listAccountsOfCustomer } from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import { transactOptimistically, type TxItem } from '../platform/db/transact.ts';
import { INDEX_SETTLE_MS } from '../platform/db/versioned-list.ts';
import { AppError } from '../errors.ts';
import { getSeatLedger, type InvitationRecord, listInvitations, type SeatLedger, seatLedgerUpdate } from './team-entity.ts';
import { isSupplierStaff } from './team-rules.ts';

/**
 * The brand's cap on accounts per customer (ADR 113). A seat is an account of the customer that is not
 * deactivated, or a pending invitation that has not expired. Every write that takes a seat (an invitation, its
 * acceptance, a reactivation, a move to another customer) is one transaction with the customer's seat ledger,
 * whose version it moves: two parallel writes cannot both take the last seat. The accounts come from gsi2
 * (eventually consistent), so the ledger remembers the usernames it made active within INDEX_SETTLE_MS.
 */

/** Pending invitations per customer, cap or not: the partition's Query stays one page (ADR 113). */
export const MAX_PENDING_INVITATIONS = 100;

const capReached = () => new AppError('conflict', TEAM.USER_CAP_REACHED, 'The maximum number of users for your company has been reached.');

/** The seats used by a customer, and what the count was read under. */
export async function seatsUsed(db: Db, customerId: string, now: Date, ledger?: SeatLedger) {
  const seen = ledger ?? (await getSeatLedger(db, customerId));
  const [{ items: accounts }, invitations] = await Promise.all([listAccountsOfCustomer(db, customerId), listInvitations(db, customerId)]);
  const t = now.getTime();
  const recent = recentActivations(seen, t);
  return { ...countSeats(accounts, invitations, t, recent), recent, ledger: seen };
}

/** The usernames the ledger made active within the index's lag, as of `t` (ms). */
export const recentActivations = (ledger: SeatLedger, t: number) => ledger.recent.filter((r) => t - Date.parse(r.at) < INDEX_SETTLE_MS);

/**
 * The seats of one customer's accounts and invitations as read at `t` (ms): accounts that are not deactivated
 * (supplier staff never counts) and pending invitations not expired. `recent`: usernames made active within the
 * index's lag, counted as well (the seat ledger's; a display without them may count one short for 5 s).
 */
export function countSeats(
  accounts: readonly Account[],
  invitations: readonly InvitationRecord[],
  t: number,
  recent: readonly { username: string }[] = [],
) {
  const active = new Set(accounts.filter((a) => a.status !== 'locked' && !isSupplierStaff(a)).map((a) => a.usernameKey));
  for (const r of recent) active.add(r.username);
  const pending = invitations.filter((i) => i.status === 'pending' && Date.parse(i.expiresAt) > t);
  return { used: active.size + pending.length, pending };
}

/**
 * Writes `items` together with one more seat of `customerId` taken under the cap (null: none), retried on
 * a lost race. `becomesActive`: the username the write makes active (remembered for the index's lag);
 * `replacesInvitation`: the pending invitation the write turns into an account (its seat is this one).
 * `explain`, after a failed condition: throws what went wrong with `items` themselves (a taken username, a
 * used link), or resolves to retry (the ledger moved).
 */
export function takeSeat(
  db: Db,
  now: () => Date,
  seat: { customerId: string; cap: number | null; becomesActive?: string; replacesInvitation?: string },
  items: (attempt: number) => Promise<TxItem[]>,
  explain: () => Promise<void> = async () => undefined,
): Promise<true> {
  return transactOptimistically(
    db,
    async (attempt) => {
      const at = now();
      const { used, pending, recent, ledger } = await seatsUsed(db, seat.customerId, at);
      const others = seat.replacesInvitation ? used - (pending.some((i) => i.invitationId === seat.replacesInvitation) ? 1 : 0) : used;
      if (seat.cap !== null && others + 1 > seat.cap) throw capReached();
      if (!seat.becomesActive && pending.length >= MAX_PENDING_INVITATIONS) throw capReached();
      const nextRecent = seat.becomesActive ? [...recent, { username: seat.becomesActive, at: at.toISOString() }] : recent;
      return { transaction: [...(await items(attempt)), seatLedgerUpdate(db, seat.customerId, ledger, nextRecent)], result: true as const };
    },
    {
      lost: async () => {
        await explain();
        return null;
      },
      maxAttempts: 4,
      capMs: 200,
      busy: () => new AppError('conflict', TEAM.STALE, 'The team changed meanwhile. Please reload and try again.'),
    },
  );
}
