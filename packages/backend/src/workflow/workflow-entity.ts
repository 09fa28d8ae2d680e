import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Workflow } from '@portal/core/workflow';
import type { Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { stillAsRead } from '../platform/db/conditions.ts';
import { entity, getOne, listAll } from '../platform/db/entity.ts';
import { onIndex } from '../platform/db/query.ts';
import type { TxItem } from '../platform/db/transact.ts';

/**
 * Workflow versions (ADR 046). One partition per workflow, `WF#<workflowId>`:
 * - V#<n>    every saved version, kept for good (a running request reads the version it started with);
 *            n is zero-padded so the versions sort in order
 * - LATEST   a copy of the newest version, on gsi1 `WORKFLOWS#<customerId>` (`WORKFLOWS#*` for a workflow of
 *            every customer) / `<name>#<workflowId>`: the list is one Query per owner, never a Scan
 * A save writes V#n+1 (absent) and LATEST (still at version n) in one transaction: two editors saving at once
 * make one version, the other gets a conflict.
 */
export const workflowPk = (workflowId: string) => `WF#${workflowId}`;
const versionSk = (version: number) => `V#${String(version).padStart(6, '0')}`;
const LATEST = 'LATEST';
/** The owner key of a workflow's customer (null: every customer of the brand). */
export const workflowsOf = (customerId: string | null) => `WORKFLOWS#${customerId ?? '*'}`;

const workflows = entity<Workflow>();

export const getWorkflowVersion = (db: Db, workflowId: string, version: number) =>
  getOne(db, workflows, { pk: workflowPk(workflowId), sk: versionSk(version) });
export const getLatestWorkflow = (db: Db, workflowId: string, consistent = false) =>
  getOne(db, workflows, { pk: workflowPk(workflowId), sk: LATEST }, { consistent });

/** The newest version of every workflow of an owner key (a customer's, or the brand-wide ones). */
export async function listLatestWorkflows(db: Db, customerId: string | null): Promise<Workflow[]> {
  return (await listAll(db, workflows, onIndex('gsi1', workflowsOf(customerId)))).items;
}

/** Every stored version of one workflow, oldest first (tests and tools). */
export async function listWorkflowVersions(db: Db, workflowId: string): Promise<Workflow[]> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :v)',
      ExpressionAttributeValues: { ':pk': workflowPk(workflowId), ':v': 'V#' },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []).map((item) => workflows.read(item));
}

const versionItem = (db: Db, workflow: Workflow): TxItem => ({
  Put: {
    TableName: db.table,
    Item: { pk: workflowPk(workflow.workflowId), sk: versionSk(workflow.version), type: 'workflowVersion', ...workflow },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});
const latestKey = (workflowId: string): Key => ({ pk: workflowPk(workflowId), sk: LATEST });
const latestItem = (workflow: Workflow) => ({
  ...latestKey(workflow.workflowId),
  gsi1pk: workflowsOf(workflow.customerId),
  gsi1sk: `${workflow.name.toLowerCase()}#${workflow.workflowId}`,
  type: 'workflow',
  ...workflow,
});

/**
 * The writes of one save: version `workflow.version` (absent) and LATEST, which must be at `previous`
 * (0: a new workflow, LATEST absent).
 */
export function workflowSaveWrites(db: Db, workflow: Workflow, previous: number): TxItem[] {
  return [
    versionItem(db, workflow),
    {
      Put: {
        TableName: db.table,
        Item: latestItem(workflow),
        ...stillAsRead('version', previous === 0 ? null : previous),
      },
    },
  ];
}

/** A new workflow's Idempotency-Key record (platform/db/idempotency.ts): `WFIDEM#<username>` / the key, 24 h. */
export const workflowIdempotencyKey = (username: string, key: string) => ({ pk: `WFIDEM#${username}`, sk: key });
