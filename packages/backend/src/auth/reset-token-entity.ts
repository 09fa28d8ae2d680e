import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
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
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getResetToken(db: Db, tokenHash: string) {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: resetTokenKey(tokenHash) }));
  return res.Item ? { username: res.Item.username as string, validUntil: res.Item.validUntil as string } : null;
}
