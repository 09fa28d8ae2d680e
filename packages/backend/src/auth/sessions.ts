import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Portal } from '@portal/core/shared';
import type { Db } from '../platform/db/client.ts';
import { applied } from '../platform/db/conditions.ts';
import { type StoredAccount, usernameKey } from '../accounts/index.ts';
import {
  deleteSession,
  getSessionAndAccount,
  listSessions,
  putSession,
  type SessionRecord,
  type SignInMethod,
  touchSession,
} from './session-entity.ts';

/**
 * Lucia-style sessions (ARCHITECTURE convention 6): the cookie holds 32 random bytes, the table only
 * the SHA-256 of the token. A session ends at its idle expiry (slid on use) or its absolute expiry,
 * whichever is first.
 */
/**
 * One cookie per portal: a session belongs to the portal it was signed in on (an account's portals are
 * checked at sign-in), so signing in to one portal never logs the browser out of the other. The `__Host-`
 * prefix makes the browser accept it only Secure, Path=/ and without Domain (ADR 022): a sibling
 * subdomain or a plain-http page cannot plant or overwrite it.
 */
export const sessionCookieName = (portal: Portal) => `__Host-portal_session_${portal}`;
/** Sliding the idle expiry costs a write; do it at most once a minute per session. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * A session token is `<account>.<secret>`: the account's username key sealed (AES-256-GCM under a key
 * derived from the stage key for this purpose, a fresh nonce each time), then 32 random bytes, both in
 * base64url. Naming the account lets one BatchGetItem read the session and its account together (ADR 028);
 * sealing it keeps the cookie opaque (ADR 052): its value says nothing of who is signed in. The hash covers
 * the whole token, so a changed account part finds no session.
 */
const TOKEN = /^([A-Za-z0-9_-]{38,1200})\.[A-Za-z0-9_-]{43}$/;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Binds a sealed account part to this use: another sealed value of the same key does not open as one. */
const SEALED_ACCOUNT = Buffer.from('portal-session-account', 'utf8');
export const SESSION_KEY_PURPOSE = 'portal-session-account-v1';

function seal(key: Buffer, accountKey: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(SEALED_ACCOUNT);
  const sealed = Buffer.concat([cipher.update(accountKey, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The username key a token names; null for anything else, including the tokens of before ADR 052 (readable names). */
function accountOfToken(key: Buffer, token: string): string | null {
  const part = TOKEN.exec(token)?.[1];
  if (!part) return null;
  const bytes = Buffer.from(part, 'base64url');
  // Only the canonical encoding: every token has exactly one spelling.
  if (bytes.toString('base64url') !== part || bytes.length <= NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES)).setAAD(SEALED_ACCOUNT);
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null; // not sealed by this stage's key
  }
}

/** A live session and its account, as every signed-in request sees them. */
export type SignedIn = { session: SessionRecord; account: StoredAccount };

export type SessionPolicy = { idleMinutes: number; absoluteHours: number };

/** `sealKey`: the 32-byte key sealing the account part of tokens, read on first use (purposeKey of the stage key). */
export function createSessionStore(db: Db, policy: SessionPolicy, sealKey: () => Buffer) {
  let key: Buffer | undefined;
  const sessionKey = () => (key ??= sealKey());
  const newToken = (username: string): string => `${seal(sessionKey(), usernameKey(username))}.${randomBytes(32).toString('base64url')}`;
  const idleMs = policy.idleMinutes * 60_000;
  const absoluteMs = policy.absoluteHours * 3_600_000;

  return {
    async create(username: string, now: Date, meta: { portal: Portal; method: SignInMethod; ip?: string; userAgent?: string }) {
      const token = newToken(username);
      const record: SessionRecord = {
        tokenHash: hashToken(token),
        username,
        portal: meta.portal,
        method: meta.method,
        createdAt: now.toISOString(),
        authenticatedAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        idleExpiresAt: new Date(now.getTime() + idleMs).toISOString(),
        absoluteExpiresAt: new Date(now.getTime() + absoluteMs).toISOString(),
        ...(meta.ip ? { ip: meta.ip } : {}),
        ...(meta.userAgent ? { userAgent: meta.userAgent.slice(0, 300) } : {}),
      };
      await putSession(db, record);
      return { token, record, maxAgeSeconds: Math.floor(absoluteMs / 1000) };
    },

    /**
     * The live session of a portal for a cookie token with its account, in one read (ADR 028), or null:
     * no such session, another portal's, expired (deleted on sight), or its account gone or locked. Both
     * items are read strongly consistent on every request, so a sign-out, a permission change or a lock
     * applies to the very next one.
     */
    async validate(token: string, portal: Portal, now: Date): Promise<SignedIn | null> {
      const named = accountOfToken(sessionKey(), token);
      if (named === null) return null;
      const tokenHash = hashToken(token);
      const { session, account } = await getSessionAndAccount(db, tokenHash, named);
      if (!session || session.portal !== portal || usernameKey(session.username) !== named) return null;
      const t = now.getTime();
      if (t >= Date.parse(session.idleExpiresAt) || t >= Date.parse(session.absoluteExpiresAt)) {
        await deleteSession(db, tokenHash);
        return null;
      }
      if (!account || account.status === 'locked') return null;
      if (t - Date.parse(session.lastSeenAt) >= TOUCH_INTERVAL_MS) {
        const idleExpiresAt = new Date(Math.min(t + idleMs, Date.parse(session.absoluteExpiresAt)));
        // False when a parallel logout deleted the session meanwhile.
        if (!(await applied(touchSession(db, tokenHash, now.toISOString(), idleExpiresAt.toISOString())))) {
          return null;
        }
        session.lastSeenAt = now.toISOString();
        session.idleExpiresAt = idleExpiresAt.toISOString();
      }
      return { session, account };
    },

    async revoke(token: string): Promise<void> {
      await deleteSession(db, hashToken(token));
    },

    /** The account's sessions that are still live, newest first. */
    async listLive(username: string, now: Date): Promise<SessionRecord[]> {
      const t = now.getTime();
      return (await listSessions(db, username)).filter((s) => Date.parse(s.idleExpiresAt) > t && Date.parse(s.absoluteExpiresAt) > t);
    },

    /** Ends every session of the account, except the one with `keepTokenHash` when given. */
    async revokeAll(username: string, keepTokenHash?: string): Promise<number> {
      const doomed = (await listSessions(db, username)).filter((s) => s.tokenHash !== keepTokenHash);
      await Promise.all(doomed.map((s) => deleteSession(db, s.tokenHash)));
      return doomed.length;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
