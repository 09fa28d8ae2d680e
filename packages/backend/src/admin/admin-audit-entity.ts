import { usernameKey } from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import { entity, listPage } from '../platform/db/entity.ts';
import { onIndex, onPartition, type PageRequest } from '../platform/db/query.ts';
import { appendToDayLog } from '../platform/db/day-log.ts';

/**
 * The administrators' audit trail (ADR 013): one item per operator command, what it did or why it was
 * refused. Never holds passwords, hashes or secrets. Access patterns:
 * - by day:    pk=ADMIN_AUDIT#<yyyy-mm-dd>, sk=<time>#<id>
 * - by target: gsi1 gsi1pk=ADMIN_AUDIT#ACCOUNT#<username lower> | ADMIN_AUDIT#CUSTOMER#<id>, gsi1sk=<time>
 * Kept 400 days (TTL), like the sign-in audit of ADR 010.
 */
export type AdminAction =
  | 'create-customer'
  | 'list-customers'
  | 'create-user'
  | 'show-user'
  | 'set-access'
  | 'unlock'
  | 'reset-mfa'
  | 'expire-password'
  | 'disable'
  | 'enable';

export type AdminTarget = { kind: 'account' | 'customer'; id: string };

export type AdminAuditEntry = {
  at: string;
  /** Who ran it: the operator's `--actor` or OS user name. */
  actor: string;
  /** The machine it ran on, when known. */
  host?: string;
  action: AdminAction;
  target?: AdminTarget;
  /** done: it took effect (or there was nothing to do); refused: an expected error; failed: anything else. */
  outcome: 'done' | 'refused' | 'failed';
  /** The error code of a refused or failed command. */
  error?: string;
  /** What changed, without secrets. */
  details?: Record<string, unknown>;
};

const RETENTION_DAYS = 400;

const targetKey = (target: AdminTarget) =>
  `ADMIN_AUDIT#${target.kind.toUpperCase()}#${target.kind === 'account' ? usernameKey(target.id) : target.id}`;

export const putAdminAudit = (db: Db, entry: AdminAuditEntry): Promise<void> =>
  appendToDayLog(
    db,
    'ADMIN_AUDIT',
    entry.at,
    { ...(entry.target ? { gsi1pk: targetKey(entry.target), gsi1sk: entry.at } : {}), type: 'adminAudit', ...entry },
    RETENTION_DAYS,
  );

const adminAudit = entity<AdminAuditEntry>({ drop: ['expiresAt'] });

/** One page of a day's entries (`day` = yyyy-mm-dd, UTC) or of one target's, newest first. */
export function listAdminAudit(db: Db, of: { day: string } | { target: AdminTarget }, page: PageRequest) {
  const partition = 'day' in of ? onPartition(`ADMIN_AUDIT#${of.day}`) : onIndex('gsi1', targetKey(of.target));
  return listPage(db, adminAudit, { ...partition, ScanIndexForward: false }, page);
}
