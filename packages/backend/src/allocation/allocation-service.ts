import { createHash } from 'node:crypto';
import {
  ALLOCATION,
  ALLOCATION_LIMITS,
  type AllocationChange,
  type AllocationChangeInput,
  type AllocationCustomers,
  type AllocationHistory,
  type AllocationHistoryQuery,
  type AllocationOverview,
  type ProductAllocation,
  type StoreAllocation,
} from '@portal/core/product';
import { IDEMPOTENCY } from '@portal/core/shared';
import { type Actor, mayActFor, requirePermission } from '../access/index.ts';
import { allCustomerRoles, getCustomerRole, timezoneOf } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import {
  allRetailerProducts,
  currentProducts,
  divisions,
  getStore,
  getStores,
  listStoresOfRetailer,
  type Product,
  type Store,
} from '../masterdata/index.ts';
import type { Db } from '../platform/db/client.ts';
import { type Clock, todayOf } from '../platform/time.ts';
import {
  approveChange,
  countOpen,
  getChange,
  openChanges,
  putNewChange,
  readCustomerState,
  readHistory,
  readProductIndex,
  readProductState,
  readStoreState,
  rejectChange,
  type DueChange,
} from './allocation-entity.ts';
import { writeDecidedHistory } from './allocation-apply.ts';
import { forgetCopies } from './allocation-store.ts';
import { effectiveForProduct, effectiveForStore, indexBytesAfter, opsOf } from './allocation-rules.ts';

const notFound = (what = 'Not found.') => new AppError('not_found', ALLOCATION.NOT_FOUND, what);
const conflict = (message: string) => new AppError('conflict', ALLOCATION.STATE_CONFLICT, message);
const holds = (actor: Actor, bit: 'requestAllocationChanges' | 'approveAllocationChanges') =>
  actor.access.modules.productManagement.permissions[bit] === true;

/** The id of a change: derived from the requester's Idempotency-Key, so a retried create finds the first. */
export const changeIdOf = (customerId: string, username: string, key: string) =>
  `AC-${createHash('sha256').update(`${customerId}\n${username}\n${key}`).digest('base64url').slice(0, 22)}`;

/** Days between two calendar days (UTC arithmetic on the dates). */
const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

type Deps = { db: Db; now: Clock };

/** Who may see what at one retailer (ADR 087 rule 2) and the checks of a new change, shared by reads and writes. */
function allocationAccess({ db, now }: Deps) {
  /** The retailer and which catalogue products the actor may see at it (404 when none). */
  async function accessTo(actor: Actor, customerId: string) {
    const at = now();
    const [role, providers, catalogue] = await Promise.all([
      getCustomerRole(db, customerId, 'retailer'),
      allCustomerRoles(db, 'provider', at),
      currentProducts(db, at),
    ]);
    if (!role) throw notFound('Customer not found.');
    const products = new Map(catalogue.items.map((p) => [p.productId, p]));
    // Effective days count in the customer's zone, whoever asks (ADR 108).
    const timezone = timezoneOf(role);
    if (mayActFor(actor, role)) return { products, timezone, visible: (_: Product | undefined) => true, full: true };
    const own = new Set(providers.filter((p) => mayActFor(actor, p)).map((p) => p.customerId));
    if (own.size === 0) throw notFound('Customer not found.');
    return {
      products,
      timezone,
      visible: (p: Product | undefined) => p?.contentProviderId !== undefined && own.has(p.contentProviderId),
      full: false,
    };
  }
  type Access = Awaited<ReturnType<typeof accessTo>>;
  const changeVisible = (access: Access, actor: Actor, change: AllocationChange) =>
    access.full || (change.productId ? access.visible(access.products.get(change.productId)) : change.requestedBy === actor.username);
  /** A product the actor may name at this retailer, else 404 (unknown and another provider's alike). */
  function productOf(access: Access, productId: string): Product {
    const product = access.products.get(productId);
    if (!product || !access.visible(product)) throw notFound(`Product ${productId} not found.`);
    return product;
  }
  /** The store when it is the retailer's (checked after the access, so another customer's answers alike). */
  function storeOf(customerId: string, storeId: string, store: Store | null) {
    if (!store || store.retailerId !== customerId) throw notFound(`Store ${storeId} not found.`);
    return store;
  }
  async function changeOf(actor: Actor, access: Access, customerId: string, changeId: string) {
    const change = await getChange(db, customerId, changeId);
    if (!change || !changeVisible(access, actor, change)) throw notFound('Change not found.');
    return change;
  }

  /** Scope, products and day of a new change (ADR 087): unknown ids 404, a past or far day 400. */
  async function checkInput(access: Access, customerId: string, input: AllocationChangeInput) {
    if ('productId' in input) productOf(access, input.productId);
    if (input.kind === 'productChange') {
      const to = productOf(access, input.toProductId);
      if (to.status !== 'active') throw new AppError('input', ALLOCATION.PRODUCT_INACTIVE, `Product ${input.toProductId} is not active.`);
    }
    const today = todayOf(now(), access.timezone);
    const ahead = daysFrom(today, input.effectiveDay);
    if (!(ahead >= 0 && ahead <= ALLOCATION_LIMITS.daysAhead))
      throw new AppError('input', ALLOCATION.EFFECTIVE_DAY, `The effective date must be between ${today} and a year ahead.`, {
        issues: [{ path: 'effectiveDay', message: 'Choose today or a later day' }],
      });
    const scope = 'scope' in input ? input.scope : undefined;
    if (scope?.level === 'division') {
      const found = (await divisions.current(db, now())).find((d) => d.divisionId === scope.divisionId && d.customerId === customerId);
      if (!found) throw notFound(`Division ${scope.divisionId} not found.`);
    }
    if (scope?.level === 'stores') {
      const stores = await getStores(db, scope.storeIds);
      const missing = scope.storeIds.find((id) => stores.get(id)?.retailerId !== customerId);
      if (missing) throw notFound(`Store ${missing} not found.`);
    }
  }

  /**
   * A store-level change whose product's index item would pass its bound (ADR 108) is refused here,
   * 409 naming the way out, rather than by DynamoDB at apply. `due`: the approved changes it would join.
   */
  async function checkIndexRoom(
    customerId: string,
    change: Pick<AllocationChange, 'kind' | 'productId' | 'toProductId' | 'scope'>,
    due: readonly DueChange[],
  ) {
    if (change.scope?.level !== 'stores') return;
    for (const { productId } of opsOf(change)) {
      const index = await readProductIndex(db, customerId, productId);
      if (indexBytesAfter(index, productId, [...due, change]) > ALLOCATION_LIMITS.productIndexBytes)
        throw new AppError(
          'conflict',
          ALLOCATION.TOO_MANY_STORE_OVERRIDES,
          `Too many single stores differ for product ${productId}; change it for a division or the whole customer.`,
        );
    }
  }

  return { accessTo, changeVisible, productOf, storeOf, changeOf, checkInput, checkIndexRoom };
}
type AllocationAccess = ReturnType<typeof allocationAccess>;

/** The views: overview, per store, per product, history, one change. */
function allocationReads({ db, now }: Deps, { accessTo, changeVisible, productOf, storeOf, changeOf }: AllocationAccess) {
  return {
    /** The retailers the actor may see allocation of: those it acts for, or every one when it acts for a content provider. */
    async customers(actor: Actor): Promise<AllocationCustomers> {
      requirePermission(actor, 'productManagement', 'allocation');
      const at = now();
      const [retailers, providers] = await Promise.all([allCustomerRoles(db, 'retailer', at), allCustomerRoles(db, 'provider', at)]);
      const provider = providers.some((p) => mayActFor(actor, p));
      return {
        items: retailers.filter((r) => provider || mayActFor(actor, r)).map((r) => ({ customerId: r.customerId, name: r.name })),
      };
    },

    async overview(actor: Actor, customerId: string): Promise<AllocationOverview> {
      requirePermission(actor, 'productManagement', 'allocation');
      const access = await accessTo(actor, customerId);
      const [allDivisions, stores, open] = await Promise.all([
        divisions.current(db, now()),
        listStoresOfRetailer(db, customerId, { limit: 200 }),
        openChanges(db, customerId),
      ]);
      return {
        customerId,
        divisions: allDivisions.filter((d) => d.customerId === customerId).map((d) => ({ divisionId: d.divisionId, name: d.name })),
        stores: stores.items.map((s) => ({ storeId: s.storeId, name: s.name, divisionId: s.divisionId ?? null })),
        products: [...access.products.values()]
          .filter((p) => p.status === 'active' && access.visible(p))
          .map((p) => ({ productId: p.productId, name: p.name }))
          .sort((a, b) => a.name.localeCompare(b.name, 'en')),
        open: open.filter((c) => changeVisible(access, actor, c)),
        mayRequest: holds(actor, 'requestAllocationChanges'),
        mayApprove: holds(actor, 'approveAllocationChanges'),
        viewer: actor.username,
        timezone: access.timezone,
        today: todayOf(now(), access.timezone),
      };
    },

    /** What one store may sell today (ADR 087 rule 3 and 5): 4 reads, whatever the history or the store count. */
    async store(actor: Actor, customerId: string, storeId: string): Promise<StoreAllocation> {
      requirePermission(actor, 'productManagement', 'allocation');
      const [access, found, listed] = await Promise.all([
        accessTo(actor, customerId),
        getStore(db, storeId),
        allRetailerProducts(db, customerId),
      ]);
      const store = storeOf(customerId, storeId, found);
      const divisionId = store.divisionId ?? null;
      const state = await readStoreState(db, customerId, storeId, divisionId);
      const at = now();
      const effective = effectiveForStore(
        listed.items.map((rp) => rp.productId),
        state,
        { storeId, divisionId },
        at,
      );
      const products = [...effective]
        .map(([productId, source]) => ({ product: access.products.get(productId), productId, source }))
        .filter(({ product }) => product?.status === 'active' && access.visible(product))
        .map(({ product, productId, source }) => ({ productId, name: product?.name ?? productId, source }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.productId.localeCompare(b.productId));
      return { customerId, storeId, storeName: store.name, divisionId, today: todayOf(at, access.timezone), products };
    },

    /** Where one product is allocated at the retailer: 3 reads (catalogue, product list, one BatchGet). */
    async product(actor: Actor, customerId: string, productId: string): Promise<ProductAllocation> {
      requirePermission(actor, 'productManagement', 'allocation');
      const [access, listed, state] = await Promise.all([
        accessTo(actor, customerId),
        allRetailerProducts(db, customerId),
        readProductState(db, customerId, productId),
      ]);
      const product = productOf(access, productId);
      const at = now();
      const offered = listed.items.some((rp) => rp.productId === productId);
      const effective = effectiveForProduct(productId, offered, state, at);
      const list = (m: Map<string, boolean>) =>
        [...m].map(([id, allocated]) => ({ id, allocated })).sort((a, b) => a.id.localeCompare(b.id));
      return {
        customerId,
        productId,
        name: product.name,
        today: todayOf(at, access.timezone),
        offered,
        customer: effective.customer,
        divisions: list(effective.divisions),
        stores: list(effective.stores),
      };
    },

    /** Decided changes of a product, or of a store (its own, its division's and the customer's), newest first. */
    async history(actor: Actor, customerId: string, query: AllocationHistoryQuery): Promise<AllocationHistory> {
      requirePermission(actor, 'productManagement', 'allocation');
      const access = await accessTo(actor, customerId);
      const limit = ALLOCATION_LIMITS.historyPage;
      let items: AllocationChange[];
      if ('productId' in query) {
        productOf(access, query.productId);
        items = await readHistory(db, customerId, { product: query.productId }, limit);
      } else {
        const store = storeOf(customerId, query.storeId, await getStore(db, query.storeId));
        const parts = await Promise.all([
          readHistory(db, customerId, { store: query.storeId }, limit),
          readHistory(db, customerId, { customer: true }, limit),
          store.divisionId ? readHistory(db, customerId, { division: store.divisionId }, limit) : Promise.resolve([]),
        ]);
        items = parts.flat();
      }
      const stamp = (c: AllocationChange) => c.appliedAt ?? c.decidedAt ?? c.requestedAt;
      return {
        items: items
          .filter((c) => changeVisible(access, actor, c))
          .sort((a, b) => stamp(b).localeCompare(stamp(a)))
          .slice(0, limit),
      };
    },

    async get(actor: Actor, customerId: string, changeId: string): Promise<AllocationChange> {
      requirePermission(actor, 'productManagement', 'allocation');
      return changeOf(actor, await accessTo(actor, customerId), customerId, changeId);
    },
  };
}

/** Filing and deciding changes (the sweep applies them: allocation-apply.ts). */
function allocationWrites({ db, now }: Deps, { accessTo, changeOf, checkInput, checkIndexRoom }: AllocationAccess) {
  return {
    /** Files a change (pending). The Idempotency-Key names it: a retry answers the first, created false. */
    async create(
      actor: Actor,
      customerId: string,
      input: AllocationChangeInput,
      key: string,
    ): Promise<{ change: AllocationChange; created: boolean }> {
      requirePermission(actor, 'productManagement', 'requestAllocationChanges');
      const access = await accessTo(actor, customerId);
      const changeId = changeIdOf(customerId, actor.username, key);
      const earlier = await getChange(db, customerId, changeId);
      if (earlier) return replay(earlier, input);
      await checkInput(access, customerId, input);
      await checkIndexRoom(customerId, input, []);
      if ((await countOpen(db, customerId)) >= ALLOCATION_LIMITS.openPerCustomer)
        throw conflict(`At most ${ALLOCATION_LIMITS.openPerCustomer} changes can be open at once; decide some first.`);
      const change: AllocationChange = {
        ...input,
        changeId,
        customerId,
        timezone: access.timezone,
        status: 'pending',
        requestedBy: actor.username,
        requestedAt: now().toISOString(),
      };
      if (await putNewChange(db, change)) return { change, created: true };
      const raced = await getChange(db, customerId, changeId);
      if (!raced) throw conflict('The change could not be saved; please try again.');
      return replay(raced, input);
    },

    async approve(actor: Actor, customerId: string, changeId: string): Promise<AllocationChange> {
      requirePermission(actor, 'productManagement', 'approveAllocationChanges');
      const change = await changeOf(actor, await accessTo(actor, customerId), customerId, changeId);
      if (change.status !== 'pending') throw conflict(`The change is ${change.status} already.`);
      // Four-eyes (ADR 108): whoever asked may withdraw (reject) but never approve its own change.
      if (change.requestedBy === actor.username)
        throw new AppError('forbidden', ALLOCATION.OWN_CHANGE, 'You asked for this change; another approver must approve it.');
      const state = await readCustomerState(db, customerId);
      if (state.due.length >= ALLOCATION_LIMITS.duePerCustomer)
        throw conflict(`${ALLOCATION_LIMITS.duePerCustomer} approved changes wait for their day; approve this one after some are applied.`);
      await checkIndexRoom(customerId, change, state.due);
      const decided: AllocationChange = { ...change, status: 'approved', decidedBy: actor.username, decidedAt: now().toISOString() };
      if (!(await approveChange(db, decided))) throw conflict('The change was decided by someone else meanwhile.');
      forgetCopies(db, customerId);
      return decided;
    },

    async reject(actor: Actor, customerId: string, changeId: string, reason: string | undefined): Promise<AllocationChange> {
      requirePermission(actor, 'productManagement', 'approveAllocationChanges');
      const change = await changeOf(actor, await accessTo(actor, customerId), customerId, changeId);
      if (change.status !== 'pending') throw conflict(`The change is ${change.status} already.`);
      const decided: AllocationChange = {
        ...change,
        status: 'rejected',
        decidedBy: actor.username,
        decidedAt: now().toISOString(),
        ...(reason ? { reason } : {}),
      };
      if (!(await rejectChange(db, decided))) throw conflict('The change was decided by someone else meanwhile.');
      await writeDecidedHistory(db, decided);
      return decided;
    },
  };
}

/**
 * Product allocation (ADR 087). Reads need productManagement.allocation; filing a change
 * requestAllocationChanges; deciding approveAllocationChanges. Who sees what, per object (rule 2): an
 * actor that may act for the retailer sees every product; one that acts for content providers only theirs;
 * anything else answers 404 as a missing id. Calls per read are constant in history and store count.
 */
export function createAllocationService(deps: Deps) {
  const access = allocationAccess(deps);
  return { ...allocationReads(deps, access), ...allocationWrites(deps, access) };
}
export type AllocationService = ReturnType<typeof createAllocationService>;

/** A retried create: the same request answers its change; another request under the same key 409. */
function replay(earlier: AllocationChange, input: AllocationChangeInput): { change: AllocationChange; created: boolean } {
  const stored: Record<string, unknown> = earlier;
  const same = Object.entries(input).every(([k, v]) => JSON.stringify(v) === JSON.stringify(stored[k]));
  if (!same) throw new AppError('conflict', IDEMPOTENCY.KEY_REUSED, 'This idempotency key was already used for another change.');
  return { change: earlier, created: false };
}
