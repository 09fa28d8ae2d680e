import { getAccount } from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import { cancellationCodes } from '../platform/db/conditions.ts';
import { transactWrite } from '../platform/db/transact.ts';
import { mfaResetWithPasskeys } from './mfa/account-mfa-entity.ts';
import { credentialDelete, getPasskeyAccountFields, listCredentials } from './passkey/passkey-entity.ts';

/** Reads of the list and the count before the reset answers 'busy' (a passkey changing meanwhile, or gsi1 behind). */
const ATTEMPTS = 3;
const RETRY_PAUSE_MS = 100;

/**
 * Removes every second factor of an account in one transaction (ADR 123): the app or e-mail code and its
 * recovery codes (as ADR 013's reset) and every passkey (ADR 098), which sits on the lost device as much as
 * the code app does. The password stays. At most MAX_PASSKEYS (10) deletes and the account's update: 11 items.
 *
 * The passkeys are listed from gsi1, which lags the table; the account's `passkeyCount` is the truth (kept in
 * the same transaction as every credential's put and delete). The transaction runs only when the list holds
 * as many as the count and is conditional on that count, so no passkey outlives the reset unseen; otherwise it
 * reads again after a pause. 'missing': no such account. 'busy': the list and the count still disagree.
 */
export async function resetSecondFactors(db: Db, username: string): Promise<{ passkeysRemoved: number } | 'missing' | 'busy'> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const [credentials, { passkeyCount }] = await Promise.all([listCredentials(db, username), getPasskeyAccountFields(db, username)]);
    if (credentials.length === passkeyCount) {
      try {
        await transactWrite(db, [mfaResetWithPasskeys(db, username, passkeyCount), ...credentials.map((c) => credentialDelete(db, c))]);
        return { passkeysRemoved: passkeyCount };
      } catch (error) {
        // A condition failed: the account is gone, or a passkey was added or removed meanwhile.
        if (cancellationCodes(error).length === 0) throw error;
      }
    }
    if (!(await getAccount(db, username))) return 'missing';
    if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt));
  }
  return 'busy';
}
