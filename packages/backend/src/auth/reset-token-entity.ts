import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getLinkToken, type PasswordChange, replacePasswordUpdate, type Account } from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import { toTtl } from '../platform/db/table.ts';

/**
 * Password-reset tokens, stored only as their SHA-256: pk=RESET#<sha256>, sk=RESET -> username.
 * A reset deletes its token in the same transaction that sets the password, so a token works once.
 */
export const resetTokenKey = (tokenHash: string) => ({ pk: `RESET#${tokenHash}`, sk: 'RESET' });

export async function putResetToken(db: Db, tokenHash: string, username: string, validUntil: Date) {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...resetTokenKey(tokenHash),
        type: 'resetToken',
        username,
        validUntil: validUntil.toISOString(),
        expiresAt: toTtl(validUntil),
      },
      // Its own retry passes (the SDK resends a write whose answer was lost, ADR 025); another's token never is overwritten.
      ConditionExpression: 'attribute_not_exists(pk) OR username = :username',
      ExpressionAttributeValues: { ':username': username },
    }),
  );
}

/** A reset token as read: whose it is and until when it is valid. */
export const getResetToken = (db: Db, tokenHash: string) => getLinkToken(db, resetTokenKey(tokenHash));

/**
 * Uses a reset link up and sets the new password in ONE transaction: the token is deleted (it must still
 * exist) and the password replaced (`replacePasswordUpdate`'s condition), so a link works once. A lost
 * condition throws TransactionCanceled.
 */
export async function replacePasswordByResetLink(
  db: Db,
  tokenHash: string,
  seen: Pick<Account, 'username' | 'passwordHash' | 'status'>,
  change: PasswordChange,
): Promise<void> {
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: db.table, Key: resetTokenKey(tokenHash), ConditionExpression: 'attribute_exists(pk)' } },
        { Update: replacePasswordUpdate(db, seen, change) },
      ],
    }),
  );
}
