import { randomBytes } from 'node:crypto';
import { PASSKEY } from '@portal/core/auth';
import type { Portal } from '@portal/core/shared';
import type { Reauth } from '../../accounts/index.ts';
import type { Db } from '../../platform/db/client.ts';
import type { RateLimiter } from '../../platform/security/rate-limiter.ts';
import type { AuditLog } from '../audit-log.ts';
import type { AuthService } from '../auth-service.ts';
import { AppError } from '../../errors.ts';
import { putChallenge, takeChallenge } from './passkey-entity.ts';

/** What the passkey service is built from (ADR 098). */
export type PasskeyDeps = {
  db: Db;
  reauth: Reauth;
  audit: AuditLog;
  rateLimiter: RateLimiter;
  /** The sign-in service's last step: the session, the last-login record, the login result. */
  issueSession: AuthService['issueSession'];
  /** Client addresses' sign-in budget per minute, shared with the password sign-in (ADR 010). */
  signInsPerIpPerMinute: number;
  appUrl: string;
  rpName: string;
  now: () => Date;
};

/** How long a ceremony's challenge is good for (ADR 098): the browser's own timeout for the prompt. */
export const CHALLENGE_VALID_MS = 5 * 60_000;

/** The challenge a response answers, read from its clientDataJSON (the library checks it again). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    return typeof data === 'object' && data !== null && 'challenge' in data && typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/** What both WebAuthn ceremonies share (ADR 098): single-use challenges with a short life, and their refusals. */
export function passkeyCeremony(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  const challengeInvalid = () => new AppError('auth', PASSKEY.CHALLENGE_INVALID, 'This passkey request has expired. Please try again.');
  return {
    notVerified: () => new AppError('auth', PASSKEY.NOT_VERIFIED, 'The passkey could not be verified. Please try again.'),

    /** A fresh challenge stored for one ceremony; the library base64url-encodes the bytes as the response will carry them. */
    async newChallenge(purpose: 'register' | 'signin', portal: Portal, username?: string): Promise<Uint8Array<ArrayBuffer>> {
      const bytes = new Uint8Array(randomBytes(32));
      const validUntil = new Date(now().getTime() + CHALLENGE_VALID_MS).toISOString();
      const challenge = Buffer.from(bytes).toString('base64url');
      await putChallenge(db, { challenge, purpose, portal, validUntil, ...(username ? { username } : {}) });
      return bytes;
    },

    /** The challenge a response answers, taken (single use) if it serves this purpose, portal and account. */
    async take(clientDataJSON: string, purpose: 'register' | 'signin', portal: Portal, username?: string): Promise<string> {
      const challenge = challengeOf(clientDataJSON);
      const taken = challenge ? await takeChallenge(db, challenge, purpose, now()) : null;
      if (!taken || taken.portal !== portal || taken.username !== username) throw challengeInvalid();
      return taken.challenge;
    },
  };
}
