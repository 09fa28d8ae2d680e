import type { AllocationChange } from '@portal/core/product';
import { calendarDateInZone } from '@portal/core/shared';
import { currentProducts, getStores } from '../masterdata/index.ts';
import { mapLimit } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import {
  claimLease,
  clearAtScope,
  divisionEntry,
  dueChanges,
  finishChange,
  getChange,
  type HistoryOf,
  putHistory,
  readProductState,
  releaseLease,
  setAtScope,
  setProgress,
  storeEntry,
  writeProductIndex,
} from './allocation-entity.ts';
import { dueInOrder, isDue, levelOf, type Op, opsOf } from './allocation-rules.ts';
import { forgetCopies } from './allocation-store.ts';

/** Store writes in flight at once during an apply (each a different key, ADR 087 rule 4). */
const CONCURRENCY = 8;
/** How often the job writes its progress (stores visited). */
const PROGRESS_EVERY = 500;
/** The customer's apply lease: longer than one change's apply at 10,000 stores. */
const LEASE_MS = 15 * 60_000;
/** The latest calendar day anywhere (UTC+14): the sweep reads every change that may be due somewhere. */
const LATEST_ZONE = 'Pacific/Kiritimati';

/** The histories a decided change belongs to: each product it names, and its scope (ADR 087 key table). */
export function historyTargets(change: AllocationChange): HistoryOf[] {
  const products = [...new Set([change.productId, change.toProductId].filter((p): p is string => typeof p === 'string'))];
  const out: HistoryOf[] = products.map((product) => ({ product }));
  const level = levelOf(change);
  if (level === 'division' && change.scope?.level === 'division') out.push({ division: change.scope.divisionId });
  else if (level === 'stores' && change.scope?.level === 'stores') out.push(...change.scope.storeIds.map((store) => ({ store })));
  else out.push({ customer: true });
  return out;
}

export const writeDecidedHistory = (db: Db, change: AllocationChange) => putHistory(db, change, historyTargets(change));

/** One op at the customer level: set there, then cleared from every division and store override of the product. */
async function applyAtCustomer(db: Db, change: AllocationChange, op: Op, progress: (n: number, total: number) => Promise<void>) {
  const c = change.customerId;
  await setAtScope(db, c, { level: 'customer' }, op.productId, op.allocated);
  const { index } = await readProductState(db, c, op.productId);
  const stores = [...index.stores.keys()];
  await mapLimit([...index.divisions.keys()], CONCURRENCY, (d) => clearAtScope(db, c, { level: 'division', divisionId: d }, op.productId));
  let done = 0;
  await mapLimit(stores, CONCURRENCY, async (s) => {
    await clearAtScope(db, c, { level: 'store', storeId: s, divisionId: null }, op.productId);
    done += 1;
    if (done % PROGRESS_EVERY === 0) await progress(done, stores.length);
  });
  await writeProductIndex(db, c, op.productId, [
    ...[...index.divisions.keys()].map((d) => divisionEntry(d, null)),
    ...stores.map((s) => storeEntry(s, null, null)),
  ]);
  return stores.length;
}

async function applyAtDivision(db: Db, change: AllocationChange, divisionId: string, op: Op) {
  const c = change.customerId;
  await setAtScope(db, c, { level: 'division', divisionId }, op.productId, op.allocated);
  const { index } = await readProductState(db, c, op.productId);
  const stores = [...index.stores].filter(([, e]) => e.divisionId === divisionId).map(([s]) => s);
  await mapLimit(stores, CONCURRENCY, (s) => clearAtScope(db, c, { level: 'store', storeId: s, divisionId }, op.productId));
  await writeProductIndex(db, c, op.productId, [divisionEntry(divisionId, op.allocated), ...stores.map((s) => storeEntry(s, null, null))]);
  return stores.length;
}

async function applyAtStores(db: Db, change: AllocationChange, storeIds: readonly string[], op: Op) {
  const c = change.customerId;
  const stores = await getStores(db, storeIds);
  const divisionOf = (s: string) => stores.get(s)?.divisionId ?? null;
  await mapLimit(storeIds, CONCURRENCY, (s) =>
    setAtScope(db, c, { level: 'store', storeId: s, divisionId: divisionOf(s) }, op.productId, op.allocated),
  );
  await writeProductIndex(
    db,
    c,
    op.productId,
    storeIds.map((s) => storeEntry(s, op.allocated, divisionOf(s))),
  );
  return storeIds.length;
}

/** Why an approved change cannot be applied (a product it allocates is not active in the catalogue), or null. */
async function invalidReason(db: Db, change: AllocationChange, now: Date): Promise<string | null> {
  const targets = opsOf(change).filter((op) => op.allocated);
  if (targets.length === 0) return null;
  const catalogue = new Map((await currentProducts(db, now)).items.map((p) => [p.productId, p]));
  const gone = targets.find((op) => catalogue.get(op.productId)?.status !== 'active');
  return gone ? `Product ${gone.productId} is not active in the catalogue.` : null;
}

/**
 * Applies one approved change (ADR 087 rules 6 and 7): the delta writes (idempotent), its history rows
 * (idempotent puts), then approved → applied in one conditional transaction. A retried or parallel apply
 * repeats harmless writes and finds the status moved: the effect happens once. Answers what it did.
 */
export async function applyChange(db: Db, change: AllocationChange, now: Date): Promise<'applied' | 'invalid' | 'skipped'> {
  if (change.status !== 'approved') return 'skipped';
  const at = now.toISOString();
  const reason = await invalidReason(db, change, now);
  if (reason) {
    const final: AllocationChange = { ...change, status: 'invalid', appliedAt: at, reason };
    await writeDecidedHistory(db, final);
    const finished = await finishChange(db, change, 'invalid', at, reason);
    forgetCopies(db, change.customerId);
    return finished ? 'invalid' : 'skipped';
  }
  const progress = (done: number, total: number) => setProgress(db, change, done, total);
  let visited = 0;
  for (const op of opsOf(change)) {
    const level = levelOf(change);
    if (level === 'customer') visited += await applyAtCustomer(db, change, op, progress);
    else if (change.scope?.level === 'division') visited += await applyAtDivision(db, change, change.scope.divisionId, op);
    else if (change.scope?.level === 'stores') visited += await applyAtStores(db, change, change.scope.storeIds, op);
  }
  await setProgress(db, change, visited, visited);
  const final: AllocationChange = { ...change, status: 'applied', appliedAt: at, progress: { done: visited, total: visited } };
  await writeDecidedHistory(db, final);
  const finished = await finishChange(db, change, 'applied', at);
  forgetCopies(db, change.customerId);
  return finished ? 'applied' : 'skipped';
}

/** One customer's due changes, in order, under its lease (two sweeps never interleave one customer's changes). */
async function applyCustomer(db: Db, customerId: string, changeIds: readonly string[], now: Date) {
  const until = new Date(now.getTime() + LEASE_MS);
  if (!(await claimLease(db, customerId, now, until))) return { applied: 0, invalid: 0 };
  const counts = { applied: 0, invalid: 0 };
  try {
    const found = await Promise.all(changeIds.map((id) => getChange(db, customerId, id)));
    const approved = found.filter((c): c is AllocationChange => c !== null && c.status === 'approved' && isDue(c, now));
    const byId = new Map(approved.map((c) => [c.changeId, c]));
    for (const due of dueInOrder(approved, now)) {
      const change = byId.get(due.changeId);
      const outcome = change ? await applyChange(db, change, now) : 'skipped';
      if (outcome !== 'skipped') counts[outcome] += 1;
    }
  } finally {
    await releaseLease(db, customerId, until);
  }
  return counts;
}

/**
 * The allocation step of the one sweep (ADR 087 rule 7 and ADR 108: every SWEEP_MINUTES, platform/scheduler):
 * every approved change whose day has begun in its time zone is applied, customer by customer. One Query finds
 * them (0.5 RCU when none); a customer another sweep holds is left to it. Reads fold a due change at once.
 */
export async function sweepAllocations(db: Db, now: Date): Promise<{ customers: number; applied: number; invalid: number }> {
  const due = await dueChanges(db, calendarDateInZone(now, LATEST_ZONE));
  const byCustomer = new Map<string, string[]>();
  for (const { customerId, changeId } of due) byCustomer.set(customerId, [...(byCustomer.get(customerId) ?? []), changeId]);
  const total = { customers: byCustomer.size, applied: 0, invalid: 0 };
  for (const [customerId, ids] of byCustomer) {
    const counts = await applyCustomer(db, customerId, ids, now);
    total.applied += counts.applied;
    total.invalid += counts.invalid;
  }
  return total;
}
