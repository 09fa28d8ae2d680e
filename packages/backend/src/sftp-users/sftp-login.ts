import { createLoginGuard } from '../accounts/index.ts';
import { hashPassword, verifyPassword } from '../platform/security/password-hash.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';
import { getSftpUser } from './sftp-user-entity.ts';

/**
 * Who may log in to SFTP, and where to (ADR 039, ADR 052): the one decision both SFTP servers take — the
 * AWS Transfer Family identity provider (transfer-identity.ts) and the local SFTP server of `npm start`
 * (scripts/local/sftp-server.ts) — from the same `sftpUsers` records, with the same limits, so what a
 * guesser gets locally is what it gets on AWS.
 *
 * Password guessing is limited as the portal's sign-in is (ADR 010): a failure budget per login name in the
 * table (the login guard, in its own `SFTP_LOGINGUARD` partition): the 5th wrong password locks the name for
 * a minute, each later lock doubles up to an hour, and while locked even the right password is refused
 * without being checked; a right password clears the budget. Plus a window per source address (30 password
 * attempts in 15 minutes), for a guesser spreading over many names. Key logins count toward neither: a key
 * cannot be guessed, and a customer's key-based fetch must not be locked out by someone else's guessing.
 */

/** The login's folder under the SFTP tree: a customer's id, or null for the service user (the whole tree). */
export type SftpAccess = { folder: string | null };

/** Password attempts per source address, whichever names they try (ADR 010's per-address limit). */
export const SFTP_PASSWORDS_PER_IP = { name: 'sftp-password-ip', limit: 30, windowSeconds: 15 * 60 };
/** The login guard's partition for SFTP names (the portal's is LOGINGUARD). */
export const SFTP_LOGIN_GUARD = 'SFTP_LOGINGUARD';

/** Transfer Family's and the import's rule for a login name (sftp-user-entity.ts). */
export const SFTP_USERNAME = /^[a-z0-9][a-z0-9._-]{2,31}$/;

export type SftpLoginDeps = {
  db: Db;
  now: () => Date;
  rateLimiter: RateLimiter;
  /** The portal's own login (the report runner's SFTP_USER): key only, sees the whole tree. */
  serviceUser: string;
  servicePublicKey?: string;
  /** The cost of the decoy hash an unknown name is checked against (the account passwords' cost). */
  passwordHashCost?: number;
};

export function createSftpLogin(deps: SftpLoginDeps) {
  const guard = createLoginGuard(deps.db, deps.now, SFTP_LOGIN_GUARD);
  // An unknown name is checked against a hash too, so its answer takes as long as a known name's.
  let decoy: Promise<string> | undefined;
  const decoyHash = () => (decoy ??= hashPassword('decoy password that never matches', deps.passwordHashCost ?? 15));

  async function addressMayTry(sourceIp: string): Promise<boolean> {
    try {
      await deps.rateLimiter.hit(SFTP_PASSWORDS_PER_IP, sourceIp);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.kind === 'rate_limited') return false;
      throw error;
    }
  }

  return {
    /**
     * A key login: the keys the name may log in with and its folder, or null (unknown name, no keys). The
     * caller checks the key the client proves it holds (Transfer does it itself, the local server with ssh2).
     */
    async keyLogin(username: string): Promise<(SftpAccess & { publicKeys: string[] }) | null> {
      if (!SFTP_USERNAME.test(username)) return null;
      if (username === deps.serviceUser) return deps.servicePublicKey ? { folder: null, publicKeys: [deps.servicePublicKey] } : null;
      const user = await getSftpUser(deps.db, username);
      return user && user.publicKeys.length > 0 ? { folder: user.customerId, publicKeys: user.publicKeys } : null;
    },

    /** A password login: the folder when the password is right and neither the name nor the address is held back; else null. */
    async passwordLogin(username: string, password: string, sourceIp: string): Promise<SftpAccess | null> {
      // The portal's own login never takes a password: a key it holds in a secret (ADR 039).
      if (!SFTP_USERNAME.test(username) || username === deps.serviceUser || !password) return null;
      if (!(await addressMayTry(sourceIp))) return null;
      // Reserved before the password is checked, so parallel guesses cannot pass the budget (login-guard.ts);
      // unknown names are counted and locked like known ones.
      const reservation = await guard.reserve(username);
      if (!reservation.ok) return null;
      const user = await getSftpUser(deps.db, username);
      const right = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
      if (!right || !user?.passwordHash) return null; // the reserved unit stays: a failure
      await guard.clear(username);
      return { folder: user.customerId };
    },

    /** When the name's lock ends, or null when it may try now (for tests and the operator). */
    lockedUntil: (username: string) => guard.lockedUntil(username),
  };
}

export type SftpLogin = ReturnType<typeof createSftpLogin>;
