import { randomBytes } from 'node:crypto';
import type {
  AuditEntry,
  ChangeDiffEntry,
  Flag,
  RequestFile,
  RequestState,
  RequestStepItem,
  Workflow,
  WorkflowItemType,
} from '@portal/core/workflow';
import type { Db } from '../platform/db/client.ts';
import { type Entity, entity, getItem, getOne, listAll, listPage } from '../platform/db/entity.ts';
import { onIndex, onPartition, queryAll } from '../platform/db/query.ts';
import type { TxItem } from '../platform/db/transact.ts';

/**
 * Workflow requests (ADR 046). One partition per request, `REQ#<id>`:
 * - META                    the request: flags, current step, `rev` (bumped by every state change: the one
 *                           condition that makes parallel decisions and submissions exactly one transition);
 *                           gsi1 `REQS#<customerId>#<bucket>` / `<createdAt>#<id>`: a customer's open or done requests;
 *                           gsi2 `REQBY#<customerId>#<requestedBy>#<bucket>` / the same: one requester's (ADR 048)
 * - ITEM#<stepId>#<itemId>  an answered item (answer, files); an item nobody answered has no row
 * - AUDIT#<at>#<rev>#<tag>  the audit trail: who, when, what, before, after (written in the change's transaction)
 * - CMT#<ts>#<id>           item comments (W2's request-comment-service.ts)
 * - CHANGE                  the change approving the request applies (ADR 085): kind, proposed values, diff;
 *                           written with the request, never changed
 * The detail page reads the whole partition in one Query.
 * `REQCOUNT#<customerId>`: `DONE` / `DONE#<username>` count the customer's / a requester's done requests (ADR 048).
 */
export const requestPk = (requestId: string) => `REQ#${requestId}`;
export const REQUEST_SK = { meta: 'META', item: 'ITEM#', audit: 'AUDIT#', comment: 'CMT#', change: 'CHANGE' } as const;
/**
 * The status bucket a request's index keys carry (ADR 048): `open` (draft, pending, rejected: live work, read
 * whole) or `done` (approved, archived: history, read newest first a page at a time). A request only ever
 * moves open → done (both are final), in the transition's own transaction.
 */
export type RequestBucket = 'open' | 'done';
export const bucketOf = (r: Pick<StoredRequest, 'approved' | 'deleted'>): RequestBucket => (r.approved || r.deleted ? 'done' : 'open');
const requestsOf = (customerId: string, bucket: RequestBucket) => `REQS#${customerId}#${bucket}`;
const requestsBy = (customerId: string, username: string, bucket: RequestBucket) => `REQBY#${customerId}#${username}#${bucket}`;
const countKey = (customerId: string, username?: string) => ({
  pk: `REQCOUNT#${customerId}`,
  sk: username === undefined ? 'DONE' : `DONE#${username}`,
});
const itemSk = (stepId: string, itemId: string) => `${REQUEST_SK.item}${stepId}#${itemId}`;

/** A request as stored: the core WorkflowRequest fields without the derived status, plus the state. */
export type StoredRequest = {
  id: string;
  workflowId: string;
  workflowName: string;
  workflowVersion: number;
  customerId: string;
  workflowStepId: string;
  stepIndex: number;
  stepCount: number;
  /** The current step was submitted and awaits a decision. */
  submitted: boolean;
  /** The current step's approverIds (empty: every approver of the customer), kept here so lists need no workflow reads. */
  stepApproverIds: string[];
  enquiry: string;
  deleted: Flag;
  approved: Flag;
  rejected: Flag;
  requestedBy: string;
  /** Display names when written; older requests have none and show the usernames. */
  requestedByName?: string;
  approvedAt: string | null;
  rejectedAt: string | null;
  editedBy: string;
  editedByName?: string;
  createdAt: string;
  updatedAt: string;
  rev: number;
  /**
   * Read from a META still in the index keys of before ADR 048 (no gsi2 key: migration 4, ADR 095, has not
   * reached it): the done counters do not hold it yet. Never stored (metaItem drops it).
   */
  legacyKeys?: true;
};
/** `itemType`, not `type`: `type` is the storage attribute naming the kind of item (entity.ts drops it). */
export type StoredItem = { stepId: string; itemId: string; itemType: WorkflowItemType; answer: string | null; files: RequestFile[] };

/** The change a request carries (ADR 085): what approving it applies, in its kind's own terms (`proposed`), and the diff shown. */
export type StoredChange = { kind: string; proposed: Record<string, unknown>; diff: ChangeDiffEntry[] };

const storedRequests = entity<StoredRequest>();
const requests: Entity<StoredRequest> = {
  read: (item) => ({ ...storedRequests.read(item), ...(item.gsi2pk === undefined ? { legacyKeys: true as const } : {}) }),
};
const changes = entity<StoredChange>();
const storedItems = entity<StoredItem>();
const auditEntries = entity<AuditEntry>();

export const stateOf = (r: StoredRequest): RequestState => ({
  deleted: r.deleted,
  approved: r.approved,
  rejected: r.rejected,
  stepIndex: r.stepIndex,
  stepCount: r.stepCount,
  submitted: r.submitted,
});

/** Request ids: `WR-` and 8 letters/digits without look-alikes (read out on the phone, searched by prefix). */
const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newRequestId = () => `WR-${[...randomBytes(8)].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')}`;

/** An item's public id (URLs, comments): `<requestId>.<stepId>.<itemId>` (none of the three holds a dot). */
export const itemRef = (requestId: string, stepId: string, itemId: string) => `${requestId}.${stepId}.${itemId}`;
export function parseItemRef(ref: string): { requestId: string; stepId: string; itemId: string } | null {
  const [requestId, stepId, itemId, ...rest] = ref.split('.');
  return requestId && stepId && itemId && rest.length === 0 ? { requestId, stepId, itemId } : null;
}

export const itemView = (requestId: string, stored: StoredItem): RequestStepItem => ({
  id: itemRef(requestId, stored.stepId, stored.itemId),
  stepId: stored.stepId,
  itemId: stored.itemId,
  type: stored.itemType,
  answer: stored.answer ?? null,
  files: stored.files ?? [],
});

export const getRequestMeta = (db: Db, requestId: string) =>
  getOne(db, requests, { pk: requestPk(requestId), sk: REQUEST_SK.meta }, { consistent: true });

/** A customer's open requests (draft, pending, rejected), oldest first: bounded by live work, not by history. */
export async function listOpenRequests(db: Db, customerId: string): Promise<StoredRequest[]> {
  return (await listAll(db, requests, onIndex('gsi1', requestsOf(customerId, 'open')))).items;
}

/** Whose history: a customer's done requests (approvers), or one requester's of that customer. */
export type HistoryScope = { customerId: string; requestedBy?: string };
const historyIndex = (scope: HistoryScope) =>
  scope.requestedBy === undefined
    ? onIndex('gsi1', requestsOf(scope.customerId, 'done'))
    : onIndex('gsi2', requestsBy(scope.customerId, scope.requestedBy, 'done'));

/**
 * The `n` newest done requests of the scope: one Query with Limit n (more only past 1 MB, ~1,000 requests), so a
 * page costs its position, never the history's length.
 */
export async function newestDone(db: Db, scope: HistoryScope, n: number): Promise<StoredRequest[]> {
  const items: StoredRequest[] = [];
  let cursor: Record<string, unknown> | undefined;
  while (items.length < n) {
    const page = await listPage(db, requests, { ...historyIndex(scope), ScanIndexForward: false }, { limit: n - items.length, cursor });
    items.push(...page.items);
    cursor = page.cursor;
    if (!cursor) break;
  }
  return items;
}

/** How many done requests the scope has (its counter item; 0 before the first). */
export async function doneCount(db: Db, scope: HistoryScope): Promise<number> {
  const item = await getItem(db, countKey(scope.customerId, scope.requestedBy));
  return typeof item?.n === 'number' ? item.n : 0;
}

/** The whole partition in one Query (paged by DynamoDB past 1 MB): the detail page's one read. */
export async function readRequestPartition(db: Db, requestId: string) {
  const { items: all } = await queryAll(db, { ...onPartition(requestPk(requestId)), ConsistentRead: true });
  const of = (prefix: string) => all.filter((i) => String(i.sk).startsWith(prefix));
  const meta = all.find((i) => i.sk === REQUEST_SK.meta);
  return {
    meta: meta ? requests.read(meta) : null,
    items: new Map(
      of(REQUEST_SK.item).map((i) => {
        const item = storedItems.read(i);
        return [`${item.stepId}#${item.itemId}`, item];
      }),
    ),
    audit: of(REQUEST_SK.audit).map((i) => auditEntries.read(i)),
    /** The comment items (W2 reads them into ItemComments). */
    comments: of(REQUEST_SK.comment),
    change: (() => {
      const item = all.find((i) => i.sk === REQUEST_SK.change);
      return item ? changes.read(item) : null;
    })(),
  };
}

export const getRequestChange = (db: Db, requestId: string) =>
  getOne(db, changes, { pk: requestPk(requestId), sk: REQUEST_SK.change }, { consistent: true });

/** The change's Put, with the new request's writes (its id is new, so is the row). */
export const changePut = (db: Db, requestId: string, change: StoredChange): TxItem => ({
  Put: {
    TableName: db.table,
    Item: { pk: requestPk(requestId), sk: REQUEST_SK.change, type: 'workflowChange', ...change },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export const getStoredItem = (db: Db, requestId: string, stepId: string, itemId: string) =>
  getOne(db, storedItems, { pk: requestPk(requestId), sk: itemSk(stepId, itemId) }, { consistent: true });

// ---- writes: every change is ONE transaction with its audit entry --------------------------------------

/**
 * The audit entry's Put. Entries sort by time, then by the request's `rev` the change was made at (a
 * transition: its new rev; an answer, upload or comment: the rev it saw), so the trail keeps its order even
 * within one millisecond (`transition`: the change that made rev; it sorts first); a random tag keeps entries of the same rev apart. Without `rev`: after the others of its millisecond.
 */
export function auditPut(db: Db, requestId: string, entry: AuditEntry, rev?: number, transition = false): TxItem {
  // A transition to rev r comes before the changes made at rev r ('0' < '1').
  const order = `${rev === undefined ? '999999' : String(rev).padStart(6, '0')}#${transition ? '0' : '1'}`;
  return {
    Put: {
      TableName: db.table,
      Item: {
        pk: requestPk(requestId),
        sk: `${REQUEST_SK.audit}${entry.at}#${order}#${randomBytes(4).toString('hex')}`,
        type: 'workflowAudit',
        ...entry,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const metaItem = ({ legacyKeys: _legacy, ...r }: StoredRequest) => ({
  pk: requestPk(r.id),
  sk: REQUEST_SK.meta,
  gsi1pk: requestsOf(r.customerId, bucketOf(r)),
  gsi1sk: `${r.createdAt}#${r.id}`,
  gsi2pk: requestsBy(r.customerId, r.requestedBy, bucketOf(r)),
  gsi2sk: `${r.createdAt}#${r.id}`,
  type: 'workflowRequest',
  ...r,
});

export const newRequestPut = (db: Db, r: StoredRequest): TxItem => ({
  Put: { TableName: db.table, Item: metaItem(r), ConditionExpression: 'attribute_not_exists(pk)' },
});

/**
 * A new request's writes (the service's create, and the route gates' fixtures with their fixed ids): a draft at
 * the workflow version's first step at rev 1, written only if the id is new, and its 'create' audit entry.
 */
export function newRequestWrites(
  db: Db,
  workflow: Workflow,
  fields: { id: string; customerId: string; at: string; by: { username: string; displayName?: string } },
): { request: StoredRequest; writes: TxItem[] } {
  const first = workflow.steps[0]!;
  const { username, displayName } = fields.by;
  const request: StoredRequest = {
    id: fields.id,
    workflowId: workflow.workflowId,
    workflowName: workflow.name,
    workflowVersion: workflow.version,
    customerId: fields.customerId,
    workflowStepId: first.stepId,
    stepIndex: 0,
    stepCount: workflow.steps.length,
    submitted: false,
    stepApproverIds: first.approverIds,
    enquiry: '',
    deleted: 0,
    approved: 0,
    rejected: 0,
    requestedBy: username,
    approvedAt: null,
    rejectedAt: null,
    editedBy: username,
    ...(displayName === undefined ? {} : { requestedByName: displayName, editedByName: displayName }),
    createdAt: fields.at,
    updatedAt: fields.at,
    rev: 1,
  };
  const entry: AuditEntry = {
    at: fields.at,
    actor: username,
    ...(displayName === undefined ? {} : { actorName: displayName }),
    action: 'create',
    stepId: null,
    before: null,
    after: { status: 'draft', stepId: first.stepId, workflowVersion: workflow.version },
  };
  return { request, writes: [newRequestPut(db, request), auditPut(db, request.id, entry, 1, true)] };
}

/**
 * The request replaced by `after` only if it is still at `before.rev` (one of N parallel changes wins) and, read
 * in the old keys, still in them (migration 4 moves keys without a new rev, and counts what it moves).
 */
const transitionPut = (db: Db, after: StoredRequest, before: StoredRequest): TxItem => ({
  Put: {
    TableName: db.table,
    Item: metaItem(after),
    ConditionExpression: `attribute_exists(pk) AND #rev = :rev${before.legacyKeys ? ' AND attribute_not_exists(gsi2pk)' : ''}`,
    ExpressionAttributeNames: { '#rev': 'rev' },
    ExpressionAttributeValues: { ':rev': before.rev },
  },
});

/**
 * A transition's writes: the request at `before.rev` replaced by `after` (its index keys follow its bucket) and,
 * when it leaves the open bucket, +1 on the customer's and the requester's done counters, in the same transaction
 * (so the history's totalCount is exact without reading the history). A done request read in the old keys is
 * not counted yet (ADR 095): its transition (approved → archived) counts it, as migration 4 would have.
 */
export function transitionWrites(db: Db, before: StoredRequest, after: StoredRequest): TxItem[] {
  const writes = [transitionPut(db, after, before)];
  const counted = bucketOf(before) === 'done' && !before.legacyKeys;
  if (!counted && bucketOf(after) === 'done') {
    for (const key of [countKey(after.customerId), countKey(after.customerId, after.requestedBy)]) {
      writes.push({
        Update: {
          TableName: db.table,
          Key: key,
          UpdateExpression: 'SET #type = :type ADD n :one',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':type': 'workflowRequestCount', ':one': 1 },
        },
      });
    }
  }
  return writes;
}

/** The request unchanged since it was read at `rev` (an answer or an upload needs no new rev, just no transition meanwhile). */
export const unchangedSince = (db: Db, requestId: string, rev: number): TxItem => ({
  ConditionCheck: {
    TableName: db.table,
    Key: { pk: requestPk(requestId), sk: REQUEST_SK.meta },
    ConditionExpression: '#rev = :rev',
    ExpressionAttributeNames: { '#rev': 'rev' },
    ExpressionAttributeValues: { ':rev': rev },
  },
});

export const answerUpdate = (
  db: Db,
  requestId: string,
  stepId: string,
  itemId: string,
  type: WorkflowItemType,
  answer: string | null,
): TxItem => ({
  Update: {
    TableName: db.table,
    Key: { pk: requestPk(requestId), sk: itemSk(stepId, itemId) },
    UpdateExpression: 'SET #type = :kind, itemType = :type, stepId = :s, itemId = :i, answer = :a, files = if_not_exists(files, :empty)',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':kind': 'workflowItem', ':type': type, ':s': stepId, ':i': itemId, ':a': answer, ':empty': [] },
  },
});

/** Appends a file while the item holds fewer than `maxFiles` (a double upload cannot overfill it). */
export const fileAppend = (
  db: Db,
  requestId: string,
  stepId: string,
  itemId: string,
  type: WorkflowItemType,
  file: RequestFile,
  maxFiles: number,
): TxItem => ({
  Update: {
    TableName: db.table,
    Key: { pk: requestPk(requestId), sk: itemSk(stepId, itemId) },
    UpdateExpression:
      'SET #type = :kind, itemType = :type, stepId = :s, itemId = :i, answer = if_not_exists(answer, :null), files = list_append(if_not_exists(files, :empty), :f)',
    ConditionExpression: 'attribute_not_exists(files) OR size(files) < :max',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: {
      ':kind': 'workflowItem',
      ':type': type,
      ':s': stepId,
      ':i': itemId,
      ':null': null,
      ':empty': [],
      ':f': [file],
      ':max': maxFiles,
    },
  },
});

/** Removes the file at `index` if it is still the one named (a parallel removal shifts the list). */
export const fileRemove = (db: Db, requestId: string, stepId: string, itemId: string, index: number, fileId: string): TxItem => ({
  Update: {
    TableName: db.table,
    Key: { pk: requestPk(requestId), sk: itemSk(stepId, itemId) },
    UpdateExpression: `REMOVE files[${index}]`,
    ConditionExpression: `files[${index}].fileId = :id`,
    ExpressionAttributeValues: { ':id': fileId },
  },
});

/** A new request's Idempotency-Key record (platform/db/idempotency.ts): `WRIDEM#<username>` / the key, 24 h. */
export const requestIdempotencyKey = (username: string, key: string) => ({ pk: `WRIDEM#${username}`, sk: key });
