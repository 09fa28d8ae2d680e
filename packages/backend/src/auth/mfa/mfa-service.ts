import type { StoredAccount } from '../../accounts/index.ts';
import { mfaSetup } from './mfa-setup.ts';
import { mfaSignInStep } from './mfa-sign-in-step.ts';
import { type MfaDeps, mfaShared } from './mfa-shared.ts';

/**
 * Multi-factor authentication (ADR 012): authenticator app (TOTP), e-mailed codes, recovery codes.
 * The sign-in service calls `begin` after a right password and `verify` with the code; the account
 * routes call the set-up functions.
 */

/** The account with its second-factor state, as stored (account-record.ts). */
export type AccountMfa = StoredAccount;

export function createMfaService(deps: MfaDeps) {
  const calls = mfaShared(deps);
  return {
    ...mfaSignInStep(calls),
    ...mfaSetup(calls),
    remainingRecoveryCodes: (account: AccountMfa) => account.recoveryCodeHashes?.length ?? 0,
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
