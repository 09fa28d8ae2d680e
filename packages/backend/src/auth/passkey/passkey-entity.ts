import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Portal } from '@portal/core/shared';
import { accountKey, usernameKey } from '../../accounts/index.ts';
import { putExpiring, takeOnce } from '../../platform/db/expiring.ts';
import type { Db } from '../../platform/db/client.ts';
import { applied } from '../../platform/db/conditions.ts';
import { entity, getOne, listAll } from '../../platform/db/entity.ts';
import { onIndex } from '../../platform/db/query.ts';
import { transactOrRefusal, type TxItem } from '../../platform/db/transact.ts';

/**
 * Passkey items (ADR 098). Access patterns:
 * - credential by id (discoverable sign-in names only the credential): pk=PASSKEY#<credential id>, sk=CREDENTIAL
 * - an account's passkeys (My Account list, exclude list): gsi1 gsi1pk=PASSKEYS#<username lower>, gsi1sk=<createdAt>
 * - a ceremony's challenge, single use, TTL: pk=PASSKEY_CHALLENGE#<challenge>, sk=CHALLENGE
 * The account item carries `passkeyCount` (kept in the same transaction as each credential put/delete, so the
 * "not the last way to sign in" rule holds under concurrency) and `passkeyUserId` (the WebAuthn user handle).
 */
export type PasskeyCredential = {
  credentialId: string;
  username: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports?: string[];
  name: string;
  createdAt: string;
  lastUsedAt?: string;
  backedUp?: boolean;
};

export type PasskeyChallenge = {
  challenge: string;
  /** 'mfa': the second factor of a password sign-in (ADR 112), bound to its account and pending attempt. */
  purpose: 'register' | 'signin' | 'mfa';
  portal: Portal;
  /** The account a registration or a second factor is for; absent for a discoverable sign-in. */
  username?: string;
  /** A second factor's pending MFA attempt (its token's hash, ADR 012): the answer counts for that sign-in only. */
  attempt?: string;
  validUntil: string;
};

/** Passkeys one account may hold (ADR 098): bounds the list, the exclude list of the options and the gsi1 partition. */
export const MAX_PASSKEYS = 10;

const credentialKey = (credentialId: string) => ({ pk: `PASSKEY#${credentialId}`, sk: 'CREDENTIAL' });
const challengeKey = (challenge: string) => ({ pk: `PASSKEY_CHALLENGE#${challenge}`, sk: 'CHALLENGE' });
const credentials = entity<PasskeyCredential>({ drop: [] });
const challenges = entity<PasskeyChallenge>({ drop: ['expiresAt'] });

export const putChallenge = (db: Db, challenge: PasskeyChallenge): Promise<void> =>
  putExpiring(db, { ...challengeKey(challenge.challenge), type: 'passkeyChallenge', ...challenge }, new Date(challenge.validUntil));

/**
 * Takes a challenge once (ADR 098): deleted on the condition that it exists, serves `purpose` and is still
 * valid, so two uses of one challenge (a replay, a double submit) get it at most once. Null otherwise.
 */
export const takeChallenge = (db: Db, challenge: string, purpose: PasskeyChallenge['purpose'], now: Date) =>
  takeOnce(db, challenges, challengeKey(challenge), {
    expression: 'purpose = :purpose AND validUntil > :now',
    values: { ':purpose': purpose, ':now': now.toISOString() },
  });

export const getCredential = (db: Db, credentialId: string) => getOne(db, credentials, credentialKey(credentialId), { consistent: true });

export async function listCredentials(db: Db, username: string): Promise<PasskeyCredential[]> {
  const { items } = await listAll(db, credentials, { ...onIndex('gsi1', `PASSKEYS#${usernameKey(username)}`), ScanIndexForward: false });
  return items;
}

/** The account's WebAuthn user handle and passkey count (fields the account record does not model). */
export async function getPasskeyAccountFields(db: Db, username: string): Promise<{ passkeyUserId?: string; passkeyCount: number }> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.table,
      Key: accountKey(username),
      ProjectionExpression: 'passkeyUserId, passkeyCount',
      ConsistentRead: true,
    }),
  );
  const item = res.Item ?? {};
  return {
    ...(typeof item.passkeyUserId === 'string' ? { passkeyUserId: item.passkeyUserId } : {}),
    passkeyCount: typeof item.passkeyCount === 'number' ? item.passkeyCount : 0,
  };
}

/** Gives the account its user handle once: a parallel call that set one first wins, and both read it back. */
export async function ensurePasskeyUserId(db: Db, username: string, candidate: string): Promise<string> {
  await applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: accountKey(username),
        UpdateExpression: 'SET passkeyUserId = :id',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(passkeyUserId)',
        ExpressionAttributeValues: { ':id': candidate },
      }),
    ),
  );
  return (await getPasskeyAccountFields(db, username)).passkeyUserId ?? candidate;
}

/**
 * Stores a new credential and counts it on the account, in one transaction: 'taken' when the credential id
 * exists already, 'full' when the account holds MAX_PASSKEYS (or is gone).
 */
export async function addCredential(db: Db, credential: PasskeyCredential): Promise<'added' | 'taken' | 'full'> {
  const refusal = await transactOrRefusal(
    db,
    [
      {
        Put: {
          TableName: db.table,
          Item: {
            ...credentialKey(credential.credentialId),
            gsi1pk: `PASSKEYS#${usernameKey(credential.username)}`,
            gsi1sk: credential.createdAt,
            type: 'passkey',
            ...credential,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: db.table,
          Key: accountKey(credential.username),
          UpdateExpression: 'SET passkeyCount = if_not_exists(passkeyCount, :zero) + :one',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(passkeyCount) OR passkeyCount < :max)',
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': MAX_PASSKEYS },
        },
      },
    ],
    ['taken', 'full'],
  );
  return refusal ?? 'added';
}

/**
 * Accepts an assertion's signature counter, conditional on the counter read before the check (ADR 098): of two
 * parallel sign-ins with one counter value (a cloned authenticator) at most one is accepted.
 */
export const recordCredentialUse = (db: Db, credential: PasskeyCredential, counter: number, at: Date) =>
  applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: credentialKey(credential.credentialId),
        UpdateExpression: 'SET #counter = :counter, lastUsedAt = :at',
        ConditionExpression: 'username = :username AND #counter = :stored',
        ExpressionAttributeNames: { '#counter': 'counter' },
        ExpressionAttributeValues: {
          ':counter': counter,
          ':at': at.toISOString(),
          ':username': credential.username,
          ':stored': credential.counter,
        },
      }),
    ),
  );

export const renameCredential = (db: Db, username: string, credentialId: string, name: string) =>
  applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: credentialKey(credentialId),
        UpdateExpression: 'SET #name = :name',
        ConditionExpression: 'username = :username',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': name, ':username': username },
      }),
    ),
  );

/** Deletes a listed credential inside a transaction, on the condition that it is still that account's (ADR 123). */
export const credentialDelete = (db: Db, credential: Pick<PasskeyCredential, 'credentialId' | 'username'>): TxItem => ({
  Delete: {
    TableName: db.table,
    Key: credentialKey(credential.credentialId),
    ConditionExpression: 'username = :username',
    ExpressionAttributeValues: { ':username': credential.username },
  },
});

/**
 * Removes the account's credential and uncounts it, in one transaction: 'missing' when it is not the account's,
 * 'last' when the account would be left with no way to sign in (no password and no other passkey).
 */
export async function removeCredential(db: Db, username: string, credentialId: string): Promise<'removed' | 'missing' | 'last'> {
  const refusal = await transactOrRefusal(
    db,
    [
      credentialDelete(db, { credentialId, username }),
      {
        Update: {
          TableName: db.table,
          Key: accountKey(username),
          UpdateExpression: 'SET passkeyCount = passkeyCount - :one',
          ConditionExpression: 'passkeyCount >= :one AND (attribute_exists(passwordHash) OR passkeyCount > :one)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ],
    ['missing', 'last'],
  );
  return refusal ?? 'removed';
}
