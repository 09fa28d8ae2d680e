import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Portal } from '@portal/core/shared';
import { putExpiring } from '../../platform/db/expiring.ts';
import type { Db } from '../../platform/db/client.ts';
import { applied } from '../../platform/db/conditions.ts';
import { entity, getOne } from '../../platform/db/entity.ts';

/**
 * A sign-in waiting for its second factor, created when the password was right on an MFA account.
 * Its token lives in an HttpOnly cookie; the item (keyed by the token's SHA-256) holds the account and,
 * after 'Send OTP code', the hash of the e-mailed code. Access pattern: pk=MFA_ATTEMPT#<sha256>, sk=ATTEMPT.
 */
export type MfaAttempt = {
  tokenHash: string;
  username: string;
  portal: Portal;
  validUntil: string;
  emailCodeHash?: string;
  emailCodeValidUntil?: string;
  emailCodesSent?: number;
  lastEmailCodeAt?: string;
};

const key = (tokenHash: string) => ({ pk: `MFA_ATTEMPT#${tokenHash}`, sk: 'ATTEMPT' });
const attempts = entity<MfaAttempt>({ drop: ['expiresAt'] });

export const putAttempt = (db: Db, attempt: MfaAttempt): Promise<void> =>
  putExpiring(db, { ...key(attempt.tokenHash), type: 'mfaAttempt', ...attempt }, new Date(attempt.validUntil));

export const getAttempt = (db: Db, tokenHash: string): Promise<MfaAttempt | null> => getOne(db, attempts, key(tokenHash));

/** Records a newly sent e-mail code, unless another send got there first (condition on the count). */
export async function recordEmailCode(db: Db, attempt: MfaAttempt, codeHash: string, validUntil: Date, at: Date) {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: key(attempt.tokenHash),
      UpdateExpression: 'SET emailCodeHash = :hash, emailCodeValidUntil = :until, lastEmailCodeAt = :at, emailCodesSent = :sent',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(emailCodesSent) OR emailCodesSent = :before)',
      ExpressionAttributeValues: {
        ':hash': codeHash,
        ':until': validUntil.toISOString(),
        ':at': at.toISOString(),
        ':sent': (attempt.emailCodesSent ?? 0) + 1,
        ':before': attempt.emailCodesSent ?? 0,
      },
    }),
  );
}

/** Ends the attempt; with `emailCodeHash`, only if that code is still the current one (single use). */
export async function deleteAttempt(db: Db, tokenHash: string, emailCodeHash?: string): Promise<boolean> {
  return applied(
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: key(tokenHash),
        ...(emailCodeHash ? { ConditionExpression: 'emailCodeHash = :hash', ExpressionAttributeValues: { ':hash': emailCodeHash } } : {}),
      }),
    ),
  );
}
