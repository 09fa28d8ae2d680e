import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { usernameKey } from '../accounts/account-record.ts';
import type { Db } from '../platform/db/client.ts';
import { toTtl } from '../platform/db/table.ts';

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

export async function putAdminAudit(db: Db, entry: AdminAuditEntry): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        pk: `ADMIN_AUDIT#${entry.at.slice(0, 10)}`,
        sk: `${entry.at}#${randomUUID()}`,
        ...(entry.target ? { gsi1pk: targetKey(entry.target), gsi1sk: entry.at } : {}),
        type: 'adminAudit',
        ...entry,
        expiresAt: toTtl(new Date(Date.parse(entry.at) + RETENTION_DAYS * 86_400_000)),
      },
    }),
  );
}

const strip = (item: Record<string, unknown>): AdminAuditEntry => {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, type: _t, expiresAt: _e, ...rest } = item;
  return rest as AdminAuditEntry;
};

/** One page of a day's entries (`day` = yyyy-mm-dd, UTC) or of one target's, newest first. */
export async function listAdminAudit(
  db: Db,
  of: { day: string } | { target: AdminTarget },
  page: { limit: number; cursor?: Record<string, unknown> },
) {
  const byDay = 'day' in of;
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      ...(byDay ? {} : { IndexName: 'gsi1' }),
      KeyConditionExpression: byDay ? 'pk = :pk' : 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': byDay ? `ADMIN_AUDIT#${of.day}` : targetKey(of.target) },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: page.cursor,
    }),
  );
  return { items: (res.Items ?? []).map(strip), cursor: res.LastEvaluatedKey };
}
