import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MfaMethod } from '@portal/core/auth';
import { accountKeys } from '../../accounts/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { applied } from '../../platform/db/conditions.ts';
import type { TxItem } from '../../platform/db/transact.ts';

/**
 * The MFA fields of an account item: `totpSecret` / `totpPendingSecret` (encrypted), `totpLastStep`
 * (replay guard), `recoveryCodeHashes`, `pendingEmailCode` (e-mail method set-up), `mfaNoticeDismissed`.
 */
const accountKey = (username: string) => ({ pk: accountKeys.pk(username), sk: accountKeys.sk });

async function update(db: Db, username: string, expression: string, values: Record<string, unknown>, condition?: string) {
  return applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: accountKey(username),
        UpdateExpression: expression,
        ConditionExpression: condition ? `attribute_exists(pk) AND (${condition})` : 'attribute_exists(pk)',
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
      }),
    ),
  );
}

export const setPendingTotpSecret = (db: Db, username: string, encrypted: string) =>
  update(db, username, 'SET totpPendingSecret = :s', { ':s': encrypted });

export const setPendingEmailCode = (db: Db, username: string, codeHash: string, validUntil: string) =>
  update(db, username, 'SET pendingEmailCode = :c', { ':c': { codeHash, validUntil } });

/** Switches the account to a method with fresh recovery codes; the set-up state is consumed. */
export const activateMfa = (
  db: Db,
  username: string,
  method: Exclude<MfaMethod, 'none'>,
  change: { totpSecret?: string; totpLastStep?: number; recoveryCodeHashes: string[]; expectPendingSecret?: string },
) =>
  update(
    db,
    username,
    method === 'app'
      ? 'SET mfaMethod = :m, totpSecret = :s, totpLastStep = :step, recoveryCodeHashes = :r REMOVE totpPendingSecret, pendingEmailCode'
      : 'SET mfaMethod = :m, recoveryCodeHashes = :r REMOVE totpSecret, totpLastStep, totpPendingSecret, pendingEmailCode',
    {
      ':m': method,
      ':r': change.recoveryCodeHashes,
      ...(method === 'app' ? { ':s': change.totpSecret, ':step': change.totpLastStep, ':pending': change.expectPendingSecret } : {}),
    },
    method === 'app' ? 'totpPendingSecret = :pending' : 'attribute_exists(pendingEmailCode)',
  );

/** Accepts a TOTP time step once: fails when this or a later step was already used. */
export const claimTotpStep = (db: Db, username: string, step: number) =>
  update(db, username, 'SET totpLastStep = :step', { ':step': step }, 'attribute_not_exists(totpLastStep) OR totpLastStep < :step');

/** Removes one recovery code, only if it is still there (single use under concurrency). */
export const consumeRecoveryCode = (db: Db, username: string, remaining: string[], codeHash: string) =>
  update(db, username, 'SET recoveryCodeHashes = :rest', { ':rest': remaining, ':used': codeHash }, 'contains(recoveryCodeHashes, :used)');

export const replaceRecoveryCodes = (db: Db, username: string, hashes: string[]) =>
  update(db, username, 'SET recoveryCodeHashes = :r', { ':r': hashes, ':none': 'none' }, 'mfaMethod <> :none');

export const dismissMfaNotice = (db: Db, username: string) => update(db, username, 'SET mfaNoticeDismissed = :t', { ':t': true });

/** What an MFA reset clears (ADR 013): the method, the secret, the set-up state and the recovery codes. */
const MFA_RESET = {
  set: 'mfaMethod = :none',
  remove: 'REMOVE totpSecret, totpLastStep, totpPendingSecret, pendingEmailCode, recoveryCodeHashes',
};

export const resetMfa = (db: Db, username: string) => update(db, username, `SET ${MFA_RESET.set} ${MFA_RESET.remove}`, { ':none': 'none' });

/**
 * The MFA reset as one item of the transaction that also deletes the account's passkeys (ADR 123): the
 * passkey count goes to 0 on the condition that it is still the `passkeyCount` the list was read with, so a
 * passkey added or removed meanwhile fails the whole transaction instead of surviving it.
 */
export function mfaResetWithPasskeys(db: Db, username: string, passkeyCount: number): TxItem {
  return {
    Update: {
      TableName: db.table,
      Key: accountKey(username),
      UpdateExpression: `SET ${MFA_RESET.set}, passkeyCount = :zero ${MFA_RESET.remove}`,
      ConditionExpression:
        passkeyCount === 0
          ? 'attribute_exists(pk) AND (attribute_not_exists(passkeyCount) OR passkeyCount = :zero)'
          : 'attribute_exists(pk) AND passkeyCount = :count',
      ExpressionAttributeValues: { ':none': 'none', ':zero': 0, ...(passkeyCount === 0 ? {} : { ':count': passkeyCount }) },
    },
  };
}
