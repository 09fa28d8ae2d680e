import { decodeAccess } from '@portal/core/auth';
import type { Account } from '../accounts/index.ts';
import type { SessionRecord } from './session-entity.ts';

/**
 * The higher authentication standard (SPEC 6): the security-flag rule, or a second factor — the portal's
 * MFA, Microsoft's (ADR 009, 012) or a passkey sign-in, which is possession plus user verification in one
 * (ADR 098). The web gates couponing and sales on it (ADR 006); the API too.
 */
export function isStrongSession(account: Account, session: Pick<SessionRecord, 'method'>): boolean {
  return (
    decodeAccess(account).strongAuthentication || account.mfaMethod !== 'none' || session.method === 'sso' || session.method === 'passkey'
  );
}

/**
 * The account must set up MFA before it may use the portal (ADR 017): MFA is required, none is
 * active, and the session did not come through Microsoft or a passkey, whose own factors count (ADR 009, 098).
 */
export function isMfaSetUpPending(account: Account, session: Pick<SessionRecord, 'method'>): boolean {
  return account.mfaRequired && account.mfaMethod === 'none' && session.method !== 'sso' && session.method !== 'passkey';
}
