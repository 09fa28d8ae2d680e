import { DeleteCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { applied } from '../platform/db/conditions.ts';
import { entity, getOne } from '../platform/db/entity.ts';
import { toTtl } from '../platform/db/table.ts';
import { accountKeys } from './account-entity.ts';
import type { EmailChange } from './account-record.ts';

/**
 * A requested e-mail change (ADR 017). The account keeps its confirmed `email` and carries the request
 * as `emailChange` {address, tokenHash, validUntil}; the link's token is stored only as its SHA-256
 * (pk=EMAILCHANGE#<sha256>, like reset tokens). Confirming takes the token and swaps the address in one
 * transaction, and only while the account's request still names that token: a newer request, a resend
 * or a cancel makes older links worthless.
 */

const tokenKey = (tokenHash: string) => ({ pk: `EMAILCHANGE#${tokenHash}`, sk: 'EMAILCHANGE' });
const accountKey = (username: string) => ({ pk: accountKeys.pk(username), sk: accountKeys.sk });

/** Records a (new) request on the account and stores its token. */
export async function putEmailChange(db: Db, username: string, change: EmailChange) {
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: db.table,
            Item: {
              ...tokenKey(change.tokenHash),
              type: 'emailChangeToken',
              username,
              validUntil: change.validUntil,
              expiresAt: toTtl(new Date(change.validUntil)),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: db.table,
            Key: accountKey(username),
            UpdateExpression: 'SET emailChange = :change',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':change': change },
          },
        },
      ],
    }),
  );
}

/**
 * A single-use link's token as read (an e-mail change's here, a password reset's in auth): whose it is and
 * until when it is valid; the item's other fields are not part of it.
 */
export type LinkToken = { username: string; validUntil: string };
const linkTokens = entity<LinkToken>();

/** The link token at `key` (1 GetItem); null when absent (used, or collected by TTL). */
export async function getLinkToken(db: Db, key: Key): Promise<LinkToken | null> {
  const token = await getOne(db, linkTokens, key);
  return token && { username: token.username, validUntil: token.validUntil };
}

export const getEmailChangeToken = (db: Db, tokenHash: string) => getLinkToken(db, tokenKey(tokenHash));

/** Takes the token and makes the requested address the account's; false when the link is no longer valid. */
export async function confirmEmailChange(db: Db, username: string, change: EmailChange, at: Date) {
  return applied(
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: db.table,
              Key: tokenKey(change.tokenHash),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Update: {
              TableName: db.table,
              Key: accountKey(username),
              UpdateExpression: 'SET email = :email, gsi1pk = :byEmail, updatedAt = :now REMOVE emailChange',
              ConditionExpression: 'emailChange.tokenHash = :hash',
              ExpressionAttributeValues: {
                ':email': change.address,
                ':byEmail': accountKeys.gsi1pk(change.address),
                ':now': at.toISOString(),
                ':hash': change.tokenHash,
              },
            },
          },
        ],
      }),
    ),
  );
}

/** Withdraws the request (its link stops working); true when there was one. */
export async function cancelEmailChange(db: Db, username: string, tokenHash: string) {
  const removed = await applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: accountKey(username),
        UpdateExpression: 'REMOVE emailChange',
        ConditionExpression: 'emailChange.tokenHash = :hash',
        ExpressionAttributeValues: { ':hash': tokenHash },
      }),
    ),
  );
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: tokenKey(tokenHash) }));
  return removed;
}
