import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Portal } from '@portal/core/shared';
import { batchGet, getFrom } from '../platform/db/batch.ts';
import { putExpiring } from '../platform/db/expiring.ts';
import type { Db } from '../platform/db/client.ts';
import { entity, listAll } from '../platform/db/entity.ts';
import { onIndex } from '../platform/db/query.ts';
import { type StoredAccount, usernameKey, accountKey, accounts } from '../accounts/index.ts';

/**
 * Session items, keyed by the SHA-256 of the cookie token (the token itself is never stored).
 * Access patterns:
 * - session by token hash with the account the token names: pk=SESSION#<sha256>, sk=SESSION and
 *   pk=ACCOUNT#<username lower>, sk=PROFILE in ONE strongly consistent BatchGetItem (ADR 028)
 * - list sessions of account: gsi1 gsi1pk=SESSIONS#<username lower>, gsi1sk=<createdAt>
 * DynamoDB TTL (expiresAt) removes a session after its absolute expiry.
 */
/** How a session signed in: a passkey sign-in is strong authentication of its own (ADR 098). */
export type SignInMethod = 'password' | 'sso' | 'passkey';

export type SessionRecord = {
  tokenHash: string;
  username: string;
  portal: Portal;
  /** Absent on sessions created before single sign-on existed: those were password sign-ins. */
  method?: SignInMethod;
  createdAt: string;
  /**
   * When the password (or single sign-on) was last proven in this session: its sign-in. Re-authentication
   * accepts it for a few minutes (ADR 055). Absent on older sessions: they never count as recent.
   */
  authenticatedAt?: string;
  lastSeenAt: string;
  idleExpiresAt: string;
  absoluteExpiresAt: string;
  ip?: string;
  userAgent?: string;
};

const key = (tokenHash: string) => ({ pk: `SESSION#${tokenHash}`, sk: 'SESSION' });
const sessions = entity<SessionRecord>({ drop: ['expiresAt'] });

/** A token collision is astronomically unlikely; never overwrite another user's session anyway (putExpiring). */
export const putSession = (db: Db, session: SessionRecord): Promise<void> =>
  putExpiring(
    db,
    {
      ...key(session.tokenHash),
      gsi1pk: `SESSIONS#${usernameKey(session.username)}`,
      gsi1sk: session.createdAt,
      type: 'session',
      ...session,
    },
    new Date(session.absoluteExpiresAt),
  );

/**
 * The session of a token hash and the account of `username`, both as of now (strongly consistent), in
 * one call: every signed-in request's only read before its own work. Null for each that is absent.
 */
export async function getSessionAndAccount(
  db: Db,
  tokenHash: string,
  username: string,
): Promise<{ session: SessionRecord | null; account: StoredAccount | null }> {
  const keys = { session: key(tokenHash), account: accountKey(username) };
  const items = await batchGet(db, [keys.session, keys.account]);
  const session = getFrom(items, keys.session);
  const account = getFrom(items, keys.account);
  return { session: session ? sessions.read(session) : null, account: account ? accounts.read(account) : null };
}

/** Slides the idle expiry; conditional so a session deleted by logout is not recreated. */
export async function touchSession(db: Db, tokenHash: string, lastSeenAt: string, idleExpiresAt: string) {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: key(tokenHash),
      UpdateExpression: 'SET lastSeenAt = :seen, idleExpiresAt = :idle',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':seen': lastSeenAt, ':idle': idleExpiresAt },
    }),
  );
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: key(tokenHash) }));
}

/** The sessions of an account, newest first (gsi1). */
export async function listSessions(db: Db, username: string): Promise<SessionRecord[]> {
  const { items } = await listAll(db, sessions, { ...onIndex('gsi1', `SESSIONS#${usernameKey(username)}`), ScanIndexForward: false });
  return items;
}
