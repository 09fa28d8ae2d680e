import type { Db } from '../platform/db/client.ts';
import { toTtl } from '../platform/db/table.ts';
import { deleteGuard, getGuard, guardKey, lockName, reserveFailure, returnFailure, unlockName } from './login-guard-entity.ts';

/**
 * The per-username failure budget (ADR 010). Wrong passwords, wrong TOTP codes and wrong e-mail codes
 * all count. After FAILURES_PER_LOCK failures the name is locked for a delay that doubles with each
 * lock (1, 2, 4 ... 60 minutes). The guard is keyed by the name typed, whether or not an account has it,
 * so unknown and known names answer alike. A success clears it; a day without failures forgets it.
 *
 * The budget holds under parallel requests: every check first reserves one unit with a conditional
 * write (`reserve`) and only then verifies. A reserved unit counts as a failure unless the caller
 * releases it (right password, but no verdict yet) or clears the guard (success). The reservation that
 * uses the last unit sets the lock at once, so a crash between reserving and answering cannot leave
 * the name without a lock's end. The guard's items and their writes: login-guard-entity.ts.
 */
export const FAILURES_PER_LOCK = 5;
const FIRST_LOCK_MS = 60_000;
const MAX_LOCK_MS = 60 * 60_000;
const FORGET_AFTER_MS = 24 * 3_600_000;

export const lockDelayMs = (level: number) => Math.min(FIRST_LOCK_MS * 2 ** level, MAX_LOCK_MS);

/** A reserved unit of the budget; `lockedUntil` is set when it was the last one (the lock now stands). */
export type Reservation = { ok: true; username: string; lockedUntil: Date | null; level: number } | { ok: false; lockedUntil: Date };

export function createLoginGuard(db: Db, now: () => Date, partition = 'LOGINGUARD') {
  const key = (username: string) => guardKey(partition, username);
  const read = (username: string) => getGuard(db, key(username));

  return {
    /** The moment the name's lock ends, or null when it may try now. */
    async lockedUntil(username: string): Promise<Date | null> {
      const until = (await read(username))?.lockedUntil;
      return until && Date.parse(until) > now().getTime() ? new Date(until) : null;
    },

    /**
     * Takes one unit of the budget before a password or code is checked. Refused (ok: false, with
     * the end of the lock to tell the user) while the name is locked or the budget is already taken
     * by parallel attempts.
     */
    async reserve(username: string): Promise<Reservation> {
      const t = now();
      const reserved = await reserveFailure(db, key(username), {
        now: t.toISOString(),
        ttl: toTtl(new Date(t.getTime() + FORGET_AFTER_MS)),
        max: FAILURES_PER_LOCK,
      });
      if (!reserved) {
        // Locked, or the last units are held by attempts still in flight: their lock is about to stand.
        const until = (await read(username))?.lockedUntil;
        const end = until && Date.parse(until) > t.getTime() ? new Date(until) : new Date(t.getTime() + FIRST_LOCK_MS);
        return { ok: false, lockedUntil: end };
      }
      const level = Number(reserved.lockLevel ?? 0);
      if (Number(reserved.failures) < FAILURES_PER_LOCK) return { ok: true, username, lockedUntil: null, level };
      const lockedUntil = new Date(t.getTime() + lockDelayMs(level));
      await lockName(db, key(username), lockedUntil.toISOString(), level + 1);
      return { ok: true, username, lockedUntil, level };
    },

    /**
     * Gives a reserved unit back (the secret was right but the sign-in is not done, e.g. the second
     * factor is still due). A reservation that set the lock takes its own lock back.
     */
    async release(reservation: Extract<Reservation, { ok: true }>): Promise<void> {
      const { username, lockedUntil, level } = reservation;
      if (lockedUntil) await unlockName(db, key(username), lockedUntil.toISOString(), FAILURES_PER_LOCK - 1, level);
      else await returnFailure(db, key(username));
    },

    async clear(username: string): Promise<void> {
      await deleteGuard(db, key(username));
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
