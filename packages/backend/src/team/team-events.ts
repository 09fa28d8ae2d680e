import type { AuditKind } from '@portal/core/audit';
import type { TeamPermissions } from '@portal/core/auth/team';
import { recordAuditAfter } from '../audit/index.ts';
import type { Db } from '../platform/db/client.ts';

/**
 * What the customer's admin and its invitees did (ADR 113), recorded in the customer's audit log (ADR 114)
 * once the change is committed: one entry per change, no secrets (no token, no password).
 */
export type TeamEventKind =
  | 'invited'
  | 'invitation-resent'
  | 'invitation-withdrawn'
  | 'invitation-accepted'
  | 'permissions-changed'
  | 'deactivated'
  | 'reactivated'
  | 'mfa-reset'
  | 'password-reset-sent';

type Person = { username: string; name: string };

export type TeamEvent = {
  kind: TeamEventKind;
  /** The customer whose team (and audit log) it is: the member's or the invitation's. */
  customerId: string;
  brandId: string;
  actor: Person;
  /** The account it concerned; for an invitation, its address as the name. */
  subject: Person | null;
  ip?: string | undefined;
  details?: Record<string, string | number | boolean | null>;
};

export type TeamEventRecorder = (event: TeamEvent) => Promise<void>;

/** The audit log's kind of each event; a resent or withdrawn invitation changes no account and has none. */
const AUDIT_KIND: Record<TeamEventKind, AuditKind | null> = {
  invited: 'account.invited',
  'invitation-resent': null,
  'invitation-withdrawn': null,
  'invitation-accepted': 'account.invitation_accepted',
  'permissions-changed': 'account.permissions_changed',
  deactivated: 'account.deactivated',
  reactivated: 'account.reactivated',
  'mfa-reset': 'account.mfa_reset',
  'password-reset-sent': 'account.password_reset_sent',
};

/** The audit log's recorder: after the change, a failed append logged, never undoing it (recordAuditAfter). */
export function auditRecorder(db: Db, now: () => Date): TeamEventRecorder {
  return async (event) => {
    const kind = AUDIT_KIND[event.kind];
    if (kind === null) return;
    await recordAuditAfter(
      db,
      {
        customerId: event.customerId,
        brandId: event.brandId,
        kind,
        actor: event.actor,
        subject: event.subject,
        ip: event.ip ?? null,
        details: event.details ?? {},
      },
      { now },
    );
  };
}

/** Permission names as one flat detail (`ordering.cardOrdering, payment.transactions`), at most 300 characters. */
export const permissionList = (permissions: TeamPermissions): string =>
  Object.entries(permissions)
    .flatMap(([module, names]) => (names ?? []).map((name) => `${module}.${name}`))
    .join(', ')
    .slice(0, 300);
