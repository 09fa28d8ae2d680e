import { createHash } from 'node:crypto';
import type { Portal } from '@portal/core/shared';
import { putExpiring, takeOnce } from '../platform/db/expiring.ts';
import type { Db } from '../platform/db/client.ts';
import { entity } from '../platform/db/entity.ts';

/**
 * A pending single sign-on (ADR 009): what the callback needs to finish the code flow, keyed by the
 * SHA-256 of its `state`. Written when the authorization URL is handed out, deleted (conditionally,
 * so exactly once) when the callback arrives. DynamoDB TTL removes abandoned ones.
 * Access pattern:
 * - take by state: pk=SSOTX#<sha256(state)>, sk=SSOTX (conditional delete returning the item)
 */
export type SsoTransaction = {
  stateHash: string;
  codeVerifier: string;
  nonce: string;
  portal: Portal;
  /** The exact redirect_uri sent in the authorization request; the token request must repeat it. */
  redirectUri: string;
  createdAt: string;
  expiresAtIso: string;
};

export const hashState = (state: string): string => createHash('sha256').update(state).digest('hex');

const key = (stateHash: string) => ({ pk: `SSOTX#${stateHash}`, sk: 'SSOTX' });

/** States are 32 random bytes; never overwrite one anyway (putExpiring). */
export const putSsoTransaction = (db: Db, tx: SsoTransaction): Promise<void> =>
  putExpiring(db, { ...key(tx.stateHash), type: 'ssoTransaction', ...tx }, new Date(tx.expiresAtIso));

/**
 * Removes the transaction of a state and returns it, or null when there is none (unknown, already used,
 * or collected by TTL). Two callbacks racing with the same state: exactly one gets the transaction.
 */
const ssoTransactions = entity<SsoTransaction>({ drop: ['expiresAt'] });

export const takeSsoTransaction = (db: Db, stateHash: string): Promise<SsoTransaction | null> =>
  takeOnce(db, ssoTransactions, key(stateHash));
