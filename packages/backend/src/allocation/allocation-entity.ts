import { AllocationChange } from '@portal/core/product';
import * as z from '@portal/core/zod';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, batchPut, getFrom, type Item, type Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { applied, isTransactionConflict } from '../platform/db/conditions.ts';
import { entity, getItem, getOne } from '../platform/db/entity.ts';
import { countAll, onIndex, queryAll, queryPage } from '../platform/db/query.ts';
import { fullJitter, transactWrite, type TxItem } from '../platform/db/transact.ts';

/**
 * Product allocation's items (ADR 087, its key table and arithmetic). Scope deltas are string sets written
 * with ADD/DELETE; the per-product index and the customer's approved-not-applied changes are top-level
 * attributes (`s_<store>`, `d_<division>`, `due_<change>`) set and removed one by one: every state write is
 * idempotent, so a retried apply repeats it harmlessly.
 */
export type Deltas = { plus: ReadonlySet<string>; minus: ReadonlySet<string> };
/** An approved change as the customer item keeps it until applied (ADR 087 rule 5): what a read folds, the change's own fields. */
const DueEntry = z.pick(AllocationChange, {
  changeId: true,
  kind: true,
  productId: true,
  toProductId: true,
  scope: true,
  effectiveDay: true,
  timezone: true,
  decidedAt: true,
});
export type DueChange = z.infer<typeof DueEntry>;
export type CustomerState = Deltas & { due: DueChange[] };
export type ProductIndex = {
  divisions: Map<string, boolean>;
  stores: Map<string, { allocated: boolean; divisionId: string | null }>;
  /** The entries' bytes (names and values, ASCII ids): what the item's 400 KB bound is checked against (ADR 108). */
  bytes: number;
  /** The longest store entry value (`add|<division>`) stored: what a new store's entry is counted at (0: none yet). */
  storeValueMax: number;
};

const customerKey = (c: string): Key => ({ pk: `ALLOC#${c}`, sk: 'CUSTOMER' });
const divisionKey = (c: string, d: string): Key => ({ pk: `ALLOC#${c}#D#${d}`, sk: 'DIVISION' });
const storeKey = (c: string, s: string): Key => ({ pk: `ALLOC#${c}#S#${s}`, sk: 'STORE' });
const productKey = (c: string, p: string): Key => ({ pk: `ALLOC#${c}#P#${p}`, sk: 'PRODUCT' });
const changeKey = (c: string, id: string): Key => ({ pk: `ALLOCCHG#${c}`, sk: id });
const OPEN = (c: string) => `ALLOCOPEN#${c}`;
export const DUE_INDEX = 'ALLOCDUE';
const DUE_PREFIX = 'due_';
const historyPk = {
  product: (c: string, p: string) => `ALLOCH#${c}#P#${p}`,
  customer: (c: string) => `ALLOCH#${c}#C`,
  division: (c: string, d: string) => `ALLOCH#${c}#D#${d}`,
  store: (c: string, s: string) => `ALLOCH#${c}#S#${s}`,
};
export type HistoryOf = { product: string } | { customer: true } | { division: string } | { store: string };
const historyPkOf = (c: string, of: HistoryOf) =>
  'product' in of
    ? historyPk.product(c, of.product)
    : 'division' in of
      ? historyPk.division(c, of.division)
      : 'store' in of
        ? historyPk.store(c, of.store)
        : historyPk.customer(c);

const changes = entity<AllocationChange>({ schema: AllocationChange, drop: ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'] });

const setOf = (value: unknown): Set<string> => {
  const values: unknown[] = value instanceof Set ? [...value] : Array.isArray(value) ? value : [];
  return new Set(values.filter((v): v is string => typeof v === 'string'));
};
const deltasOf = (item: Item | undefined): Deltas => ({ plus: setOf(item?.plus), minus: setOf(item?.minus) });
const EMPTY: Deltas = { plus: new Set(), minus: new Set() };

function customerStateOf(item: Item | undefined): CustomerState {
  const due: DueChange[] = [];
  for (const [name, value] of Object.entries(item ?? {})) {
    const parsed = name.startsWith(DUE_PREFIX) ? DueEntry.safeParse(value) : null;
    if (parsed?.success) due.push(parsed.data);
  }
  return { ...deltasOf(item), due };
}

function productIndexOf(item: Item | undefined): ProductIndex {
  const out: ProductIndex = { divisions: new Map(), stores: new Map(), bytes: 0, storeValueMax: 0 };
  for (const [name, value] of Object.entries(item ?? {})) {
    if (typeof value !== 'string') continue;
    if (name.startsWith('d_') || name.startsWith('s_')) out.bytes += name.length + value.length;
    if (name.startsWith('d_')) out.divisions.set(name.slice(2), value === 'add');
    if (name.startsWith('s_')) {
      out.storeValueMax = Math.max(out.storeValueMax, value.length);
      const [op, divisionId] = value.split('|');
      out.stores.set(name.slice(2), { allocated: op === 'add', divisionId: divisionId || null });
    }
  }
  return out;
}

/** The items a store's allocation is made of, in ONE BatchGetItem (ADR 087: the products step's one extra call). */
export async function readStoreState(db: Db, customerId: string, storeId: string, divisionId: string | null) {
  const keys = [customerKey(customerId), storeKey(customerId, storeId), ...(divisionId ? [divisionKey(customerId, divisionId)] : [])];
  const items = await batchGet(db, keys);
  return {
    customer: customerStateOf(getFrom(items, customerKey(customerId))),
    division: divisionId ? deltasOf(getFrom(items, divisionKey(customerId, divisionId))) : EMPTY,
    store: deltasOf(getFrom(items, storeKey(customerId, storeId))),
    calls: 1,
  };
}

/**
 * A store's own deltas alone (one GetItem): the products step's read while its process holds a copy of the
 * customer's and division's items (allocation-store.ts, ADR 108).
 */
export const readStoreDeltas = async (db: Db, customerId: string, storeId: string): Promise<Deltas> =>
  deltasOf(await getItem(db, storeKey(customerId, storeId)));

/** One product's index alone (one GetItem): its size before a change adds store entries. */
export const readProductIndex = async (db: Db, customerId: string, productId: string): Promise<ProductIndex> =>
  productIndexOf(await getItem(db, productKey(customerId, productId), { consistent: true }));

/** The customer item and one product's index, in one BatchGetItem. */
export async function readProductState(db: Db, customerId: string, productId: string) {
  const items = await batchGet(db, [customerKey(customerId), productKey(customerId, productId)]);
  return {
    customer: customerStateOf(getFrom(items, customerKey(customerId))),
    index: productIndexOf(getFrom(items, productKey(customerId, productId))),
  };
}

/** The customer item alone (consistent: an approval counts the due changes just written). */
export const readCustomerState = async (db: Db, customerId: string) =>
  customerStateOf(await getItem(db, customerKey(customerId), { consistent: true }));

// --- changes -------------------------------------------------------------------------------------------

export const getChange = (db: Db, customerId: string, changeId: string) =>
  getOne(db, changes, changeKey(customerId, changeId), { consistent: true });

/** A new change, once (a retried create with the same id finds it: false). */
export function putNewChange(db: Db, change: AllocationChange): Promise<boolean> {
  return applied(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...changeKey(change.customerId, change.changeId),
          type: 'allocationChange',
          gsi1pk: OPEN(change.customerId),
          gsi1sk: `${change.requestedAt}#${change.changeId}`,
          ...change,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export const countOpen = (db: Db, customerId: string) => countAll(db, onIndex('gsi1', OPEN(customerId)));

/** The customer's pending and approved changes, oldest first (≤ ALLOCATION_LIMITS.openPerCustomer: one page). */
export async function openChanges(db: Db, customerId: string): Promise<AllocationChange[]> {
  const res = await queryAll(db, onIndex('gsi1', OPEN(customerId)));
  return res.items.map((item) => changes.read(item));
}

const dueOf = (change: AllocationChange): DueChange => ({
  changeId: change.changeId,
  kind: change.kind,
  productId: change.productId,
  toProductId: change.toProductId,
  scope: change.scope,
  effectiveDay: change.effectiveDay,
  timezone: change.timezone,
  decidedAt: change.decidedAt,
});

/**
 * A transaction on the customer item beside a change: true when it applied, false when a condition failed.
 * Parallel approvals of different changes touch the same customer item; a cancellation for that alone
 * (TransactionConflict, nothing decided) is sent again.
 */
async function transactOnCustomer(db: Db, items: TxItem[]): Promise<boolean> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await transactWrite(db, items);
      return true;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= 8) return applied(Promise.reject(error));
      await fullJitter(attempt, 400);
    }
  }
}

/** pending → approved (conditional) and the change into the customer's due set, in one transaction. */
export async function approveChange(db: Db, change: AllocationChange): Promise<boolean> {
  const at = change.decidedAt ?? '';
  return transactOnCustomer(db, [
    {
      Update: {
        TableName: db.table,
        Key: changeKey(change.customerId, change.changeId),
        UpdateExpression: 'SET #status = :approved, decidedBy = :by, decidedAt = :at, gsi2pk = :due, gsi2sk = :dueSk',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':approved': 'approved',
          ':pending': 'pending',
          ':by': change.decidedBy,
          ':at': at,
          ':due': DUE_INDEX,
          ':dueSk': `${change.effectiveDay}#${change.customerId}#${change.changeId}`,
        },
      },
    },
    {
      Update: {
        TableName: db.table,
        Key: customerKey(change.customerId),
        UpdateExpression: 'SET #due = :due, #type = :type',
        ExpressionAttributeNames: { '#due': `${DUE_PREFIX}${change.changeId}`, '#type': 'type' },
        ExpressionAttributeValues: { ':due': dueOf(change), ':type': 'allocationCustomer' },
      },
    },
  ]);
}

/** pending → rejected (conditional): false when it was no longer pending. */
export function rejectChange(db: Db, change: AllocationChange): Promise<boolean> {
  return applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: changeKey(change.customerId, change.changeId),
        UpdateExpression: 'SET #status = :rejected, decidedBy = :by, decidedAt = :at, reason = :reason REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':rejected': 'rejected',
          ':pending': 'pending',
          ':by': change.decidedBy,
          ':at': change.decidedAt,
          ':reason': change.reason ?? '',
        },
      }),
    ),
  );
}

/** approved → applied | invalid (conditional), its due entry gone: once, whoever calls it again. */
export function finishChange(
  db: Db,
  change: AllocationChange,
  status: 'applied' | 'invalid',
  at: string,
  reason?: string,
): Promise<boolean> {
  return transactOnCustomer(db, [
    {
      Update: {
        TableName: db.table,
        Key: changeKey(change.customerId, change.changeId),
        UpdateExpression: `SET #status = :status, appliedAt = :at${reason ? ', reason = :reason' : ''} REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk`,
        ConditionExpression: '#status = :approved',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':approved': 'approved', ':at': at, ...(reason ? { ':reason': reason } : {}) },
      },
    },
    {
      Update: {
        TableName: db.table,
        Key: customerKey(change.customerId),
        UpdateExpression: 'REMOVE #due',
        ExpressionAttributeNames: { '#due': `${DUE_PREFIX}${change.changeId}` },
      },
    },
  ]);
}

/** The apply job's progress on the change (plain SET: a later write only moves it on). */
export async function setProgress(db: Db, change: AllocationChange, done: number, total: number): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: changeKey(change.customerId, change.changeId),
      UpdateExpression: 'SET progress = :p',
      ExpressionAttributeValues: { ':p': { done, total } },
    }),
  );
}

/** The approved changes of every customer whose day is ≤ `lastDay` (the sweep's one Query, ADR 087). */
export async function dueChanges(db: Db, lastDay: string): Promise<{ customerId: string; changeId: string }[]> {
  const res = await queryAll(db, {
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :end',
    ExpressionAttributeValues: { ':pk': DUE_INDEX, ':end': `${lastDay}~` },
  });
  return res.items.map((item) => ({ customerId: String(item.customerId), changeId: String(item.changeId) }));
}

// --- the customer's apply lease ------------------------------------------------------------------------

export function claimLease(db: Db, customerId: string, now: Date, until: Date): Promise<boolean> {
  return applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: customerKey(customerId),
        UpdateExpression: 'SET leaseUntil = :until, #type = :type',
        ConditionExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':until': until.toISOString(), ':now': now.toISOString(), ':type': 'allocationCustomer' },
      }),
    ),
  );
}

export function releaseLease(db: Db, customerId: string, until: Date): Promise<boolean> {
  return applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: customerKey(customerId),
        UpdateExpression: 'REMOVE leaseUntil',
        ConditionExpression: 'leaseUntil = :until',
        ExpressionAttributeValues: { ':until': until.toISOString() },
      }),
    ),
  );
}

// --- state writes (idempotent) -------------------------------------------------------------------------

export type ScopeRef =
  { level: 'customer' } | { level: 'division'; divisionId: string } | { level: 'store'; storeId: string; divisionId: string | null };
const scopeKey = (c: string, scope: ScopeRef) =>
  scope.level === 'customer' ? customerKey(c) : scope.level === 'division' ? divisionKey(c, scope.divisionId) : storeKey(c, scope.storeId);

/** Sets a product at one scope: allocated (into `plus`, out of `minus`) or not (the reverse). */
export async function setAtScope(db: Db, c: string, scope: ScopeRef, productId: string, allocated: boolean): Promise<void> {
  const division = scope.level === 'store' && scope.divisionId ? ', divisionId = :d' : '';
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: scopeKey(c, scope),
      UpdateExpression: `ADD ${allocated ? '#plus' : '#minus'} :p DELETE ${allocated ? '#minus' : '#plus'} :p SET #type = :type${division}`,
      ExpressionAttributeNames: { '#plus': 'plus', '#minus': 'minus', '#type': 'type' },
      ExpressionAttributeValues: {
        ':p': new Set([productId]),
        ':type': `allocation${scope.level}`,
        ...(division ? { ':d': scope.level === 'store' ? scope.divisionId : null } : {}),
      },
    }),
  );
}

/** Takes a product out of one scope's overrides (neither added nor removed there any more). */
export async function clearAtScope(db: Db, c: string, scope: ScopeRef, productId: string): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: scopeKey(c, scope),
      UpdateExpression: 'DELETE #plus :p, #minus :p',
      ExpressionAttributeNames: { '#plus': 'plus', '#minus': 'minus' },
      ExpressionAttributeValues: { ':p': new Set([productId]) },
    }),
  );
}

/** Index entries of one product: set (`allocated` true/false) or removed (null), 100 attributes per UpdateItem. */
export async function writeProductIndex(
  db: Db,
  c: string,
  productId: string,
  entries: { name: string; value: string | null }[],
): Promise<void> {
  for (let start = 0; start < entries.length; start += 100) {
    const chunk = entries.slice(start, start + 100);
    const names: Record<string, string> = { '#type': 'type' };
    const values: Record<string, unknown> = { ':type': 'allocationProduct' };
    const sets = ['#type = :type'];
    const removes: string[] = [];
    chunk.forEach((entry, i) => {
      names[`#n${i}`] = entry.name;
      if (entry.value === null) removes.push(`#n${i}`);
      else {
        values[`:v${i}`] = entry.value;
        sets.push(`#n${i} = :v${i}`);
      }
    });
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: productKey(c, productId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }
}
export const divisionEntry = (divisionId: string, allocated: boolean | null) => ({
  name: `d_${divisionId}`,
  value: allocated === null ? null : allocated ? 'add' : 'remove',
});
/**
 * What one new store's index entry is counted at: `s_<store>` and the longest value stored (the customer's
 * division ids), or `remove|` with a 64-character division id while none is.
 */
export const storeEntryBytes = (storeId: string, storeValueMax: number) => 2 + storeId.length + (storeValueMax || 'remove|'.length + 64);
export const storeEntry = (storeId: string, allocated: boolean | null, divisionId: string | null) => ({
  name: `s_${storeId}`,
  value: allocated === null ? null : `${allocated ? 'add' : 'remove'}|${divisionId ?? ''}`,
});

// --- history -------------------------------------------------------------------------------------------

/** A decided change's rows in the histories it belongs to (idempotent puts: a retried apply writes the same rows). */
export function putHistory(db: Db, change: AllocationChange, of: readonly HistoryOf[]): Promise<void> {
  const sk = `${change.appliedAt ?? change.decidedAt ?? change.requestedAt}#${change.changeId}`;
  return batchPut(
    db,
    of.map((o) => ({ pk: historyPkOf(change.customerId, o), sk, type: 'allocationHistory', ...change })),
  );
}

/** The newest decided changes of one history (one Query page, newest first). */
export async function readHistory(db: Db, customerId: string, of: HistoryOf, limit: number): Promise<AllocationChange[]> {
  const res = await queryPage(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': historyPkOf(customerId, of) },
    ScanIndexForward: false,
    Limit: limit,
  });
  return res.items.map((item) => changes.read(item));
}
