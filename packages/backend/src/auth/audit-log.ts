import type { AuditKind } from '@portal/core/audit';
import { recordAuditAfter } from '../audit/index.ts';
import type { Db } from '../platform/db/client.ts';
import { type AuditEntry, listSignInAuditOfUser, putSignInAudit, type SignInOutcome } from './audit-log-entity.ts';

/** The sign-in audit log (its items: audit-log-entity.ts). */
export type { AuditEntry, SignInOutcome } from './audit-log-entity.ts';

/** The account a sign-in attempt was for, when the attempt got as far as reading it. */
export type SignInAccount = { username: string; firstname: string; surname: string; customerId: string; brandId: string };

/**
 * Which sign-in outcomes also go to the customer's audit log (ADR 114), and as what. Only attempts on an account
 * that exists (the caller passes it): a made-up name has no customer. `locked` is passed with the account only by
 * the failure that starts the lock, so the refusals during it (a guesser's flood) stay in the sign-in audit alone.
 * The intermediate `mfa_required` and the per-address `rate_limited` are no customer event.
 */
const CUSTOMER_KIND: Partial<Record<SignInOutcome, AuditKind>> = {
  success: 'signin.succeeded',
  sso_success: 'signin.succeeded',
  mfa_setup_required: 'signin.succeeded',
  locked: 'signin.locked',
  wrong_password: 'signin.failed',
  wrong_code: 'signin.failed',
  account_locked: 'signin.failed',
  wrong_url: 'signin.failed',
  invalid_ip: 'signin.failed',
  passkey_refused: 'signin.failed',
};

export function createAuditLog(db: Db, now: () => Date = () => new Date()) {
  return {
    async record(entry: AuditEntry, account?: SignInAccount | null): Promise<void> {
      await putSignInAudit(db, entry);
      const kind = CUSTOMER_KIND[entry.outcome];
      if (!account || !kind || account.customerId === '') return;
      const name = `${account.firstname} ${account.surname}`.trim() || account.username;
      await recordAuditAfter(
        db,
        {
          customerId: account.customerId,
          brandId: account.brandId,
          kind,
          actor: { username: account.username, name },
          ip: entry.ip ?? null,
          details: { method: entry.method, portal: entry.portal, ...(kind === 'signin.failed' ? { reason: entry.outcome } : {}) },
        },
        { now },
      );
    },

    forUser(username: string, limit = 50, cursor?: Record<string, unknown>) {
      return listSignInAuditOfUser(db, username, { limit, cursor });
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
