import type { CodesOf } from '../shared/errors.ts';
import { CalendarDay, Id } from '../shared/schemas.ts';
import * as z from '../shared/zod.ts';

/**
 * Product allocation (SPEC 1, 2 "product allocation", SPEC 4 product change modes; ADR 087): which products a
 * customer (retailer), its divisions and single stores may sell, changed through changes with an effective day,
 * a status and who asked and decided. Stored per scope as deltas, never as product × store pairs (ADR 087).
 */
export const ALLOCATION_LIMITS = {
  /** Stores one change may name; larger selections are a division's or the customer's change (ADR 087). */
  storesPerChange: 200,
  /** Pending and approved (not yet applied) changes of one customer at once. */
  openPerCustomer: 200,
  /** Approved changes waiting for their day, folded into every read: they live in the customer's one item. */
  duePerCustomer: 50,
  note: 1_000,
  reason: 500,
  historyPage: 50,
  /** How far ahead an effective day may lie. */
  daysAhead: 366,
  /**
   * The bytes one product's store and division overrides may take in its index item (ADR 108): the
   * item's 400 KB less room for its key and type. 14,000–16,000 stores with 8-character ids, ~2,550 with 64.
   */
  productIndexBytes: 350_000,
} as const;

/** SPEC 4's product change modes a user asks for; `invalid` is the status of one that could not be applied. */
export const ALLOCATION_CHANGE_KINDS = [
  'allocation',
  'deallocation',
  'productChange',
  'assetChange',
  'deactivation',
  'productCreation',
] as const;
export type AllocationChangeKind = (typeof ALLOCATION_CHANGE_KINDS)[number];
export const ALLOCATION_STATUSES = ['pending', 'approved', 'applied', 'rejected', 'invalid'] as const;
export type AllocationStatus = (typeof ALLOCATION_STATUSES)[number];
/** Open changes still wait for a decision or their day. */
export const OPEN_ALLOCATION_STATUSES: readonly AllocationStatus[] = ['pending', 'approved'];

const ProductId = Id.check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, dot, underscore and hyphen only'));
const Note = z.optional(z.string().check(z.trim(), z.maxLength(ALLOCATION_LIMITS.note)));
const uniqueIds = (ids: readonly string[]) => new Set(ids).size === ids.length;

/** Where a change takes effect: the whole customer, one division, or named stores (each store inherits its division's). */
export const AllocationScope = z.discriminatedUnion('level', [
  z.strictObject({ level: z.literal('customer') }),
  z.strictObject({ level: z.literal('division'), divisionId: Id }),
  z.strictObject({
    level: z.literal('stores'),
    storeIds: z
      .array(Id)
      .check(
        z.minLength(1, 'Choose at least one store'),
        z.maxLength(
          ALLOCATION_LIMITS.storesPerChange,
          `At most ${ALLOCATION_LIMITS.storesPerChange} stores; choose a division or the customer for more`,
        ),
        z.refine(uniqueIds, 'A store is named twice'),
      ),
  }),
]);
export type AllocationScope = z.infer<typeof AllocationScope>;

const common = { effectiveDay: CalendarDay, note: Note };
/** A change as the user asks for it (strict: a field of another kind is refused, not dropped). */
export const AllocationChangeInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('allocation'), productId: ProductId, scope: AllocationScope, ...common }),
  z.strictObject({ kind: z.literal('deallocation'), productId: ProductId, scope: AllocationScope, ...common }),
  z.strictObject({ kind: z.literal('productChange'), productId: ProductId, toProductId: ProductId, scope: AllocationScope, ...common }),
  z.strictObject({
    kind: z.literal('assetChange'),
    productId: ProductId,
    assetUrl: z.url({ protocol: /^https$/ }).check(z.maxLength(500)),
    ...common,
  }),
  z.strictObject({ kind: z.literal('deactivation'), productId: ProductId, ...common }),
  z.strictObject({
    kind: z.literal('productCreation'),
    productName: z.string().check(z.trim(), z.minLength(1, 'Enter a product name'), z.maxLength(200)),
    ...common,
  }),
]);
export type AllocationChangeInput = z.infer<typeof AllocationChangeInput>;

/** A change with its state: the input's fields flattened, the time zone its day is read in, who asked and decided. */
export const AllocationChange = z.object({
  changeId: z.string(),
  customerId: z.string(),
  kind: z.enum(ALLOCATION_CHANGE_KINDS),
  productId: z.optional(z.string()),
  toProductId: z.optional(z.string()),
  productName: z.optional(z.string()),
  assetUrl: z.optional(z.string()),
  scope: z.optional(AllocationScope),
  effectiveDay: z.string(),
  /** The IANA zone the effective day starts in: the customer's (ADR 108; older changes: the requester's). */
  timezone: z.string(),
  note: z.optional(z.string()),
  status: z.enum(ALLOCATION_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.optional(z.string()),
  decidedAt: z.optional(z.string()),
  appliedAt: z.optional(z.string()),
  /** Why it was rejected, or why it could not be applied (status invalid). */
  reason: z.optional(z.string()),
  /** The apply job's progress over the stores it visits (ADR 087). */
  progress: z.optional(z.object({ done: z.number(), total: z.number() })),
});
export type AllocationChange = z.infer<typeof AllocationChange>;

export const AllocationDecision = z.strictObject({ reason: z.optional(z.string().check(z.trim(), z.maxLength(ALLOCATION_LIMITS.reason))) });
export type AllocationDecision = z.infer<typeof AllocationDecision>;

/** Where a product's state at a store comes from: the retailer's product list, or the scope that set it last. */
export const ALLOCATION_SOURCES = ['offer', 'customer', 'division', 'store'] as const;
export type AllocationSource = (typeof ALLOCATION_SOURCES)[number];

export const AllocatedProduct = z.object({ productId: z.string(), name: z.string(), source: z.enum(ALLOCATION_SOURCES) });
export type AllocatedProduct = z.infer<typeof AllocatedProduct>;
/** GET …/stores/:storeId: what one store may sell from today (approved changes due today folded in). */
export const StoreAllocation = z.object({
  customerId: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  divisionId: z.nullable(z.string()),
  today: z.string(),
  products: z.array(AllocatedProduct),
});
export type StoreAllocation = z.infer<typeof StoreAllocation>;
const ScopeState = z.object({ id: z.string(), allocated: z.boolean() });
/** GET …/products/:productId: where one product is allocated, by scope (overrides only below the customer). */
export const ProductAllocation = z.object({
  customerId: z.string(),
  productId: z.string(),
  name: z.string(),
  today: z.string(),
  /** In the retailer's product list (the offer before any allocation change). */
  offered: z.boolean(),
  /** Allocated at the customer level (the offer with the customer's changes). */
  customer: z.boolean(),
  divisions: z.array(ScopeState),
  stores: z.array(ScopeState),
});
export type ProductAllocation = z.infer<typeof ProductAllocation>;
export const AllocationOverview = z.object({
  customerId: z.string(),
  divisions: z.array(z.object({ divisionId: z.string(), name: z.string() })),
  stores: z.array(z.object({ storeId: z.string(), name: z.string(), divisionId: z.nullable(z.string()) })),
  /** The active catalogue products the caller may name at this customer (the change dialog's choices). */
  products: z.array(z.object({ productId: z.string(), name: z.string() })),
  open: z.array(AllocationChange),
  mayRequest: z.boolean(),
  mayApprove: z.boolean(),
  /** The caller: a change it asked for is decided by another approver (four-eyes, ADR 108). */
  viewer: z.string(),
  /** The customer's time zone (its master data, else the default) and its calendar day now: effective days count in it. */
  timezone: z.string(),
  today: z.string(),
});
export type AllocationOverview = z.infer<typeof AllocationOverview>;
/** GET /api/product-allocation/customers: the retailers whose allocation the caller may see (ADR 087 rule 2). */
export const AllocationCustomers = z.object({ items: z.array(z.object({ customerId: z.string(), name: z.string() })) });
export type AllocationCustomers = z.infer<typeof AllocationCustomers>;
export const AllocationHistory = z.object({ items: z.array(AllocationChange) });
export type AllocationHistory = z.infer<typeof AllocationHistory>;

export const AllocationHistoryQuery = z.union([z.strictObject({ productId: ProductId }), z.strictObject({ storeId: Id })]);
export type AllocationHistoryQuery = z.infer<typeof AllocationHistoryQuery>;

/** The allocation catalogue (ARCHITECTURE convention 2; ADR 087). */
export const ALLOCATION = {
  /** No such change, product, store or division of this customer (another customer's answer alike). */
  NOT_FOUND: 'ALLOCATION.NOT_FOUND',
  /** The change is no longer pending (decided meanwhile), or too many are open: 409. */
  STATE_CONFLICT: 'ALLOCATION.STATE_CONFLICT',
  /** The effective day lies before today in the customer's time zone, or too far ahead. */
  EFFECTIVE_DAY: 'ALLOCATION.EFFECTIVE_DAY',
  /** A product change names a new product that is not active in the catalogue. */
  PRODUCT_INACTIVE: 'ALLOCATION.PRODUCT_INACTIVE',
  /** An open basket line's product is no longer allocated to the store from the order's day. */
  PRODUCT_NOT_ALLOCATED: 'ALLOCATION.PRODUCT_NOT_ALLOCATED',
  /** Four-eyes: the approver asked for the change itself (403, ADR 108). */
  OWN_CHANGE: 'ALLOCATION.OWN_CHANGE',
  /** A product's store overrides would pass what one item holds (ADR 108): a division or the customer instead. */
  TOO_MANY_STORE_OVERRIDES: 'ALLOCATION.TOO_MANY_STORE_OVERRIDES',
} as const;
export type AllocationErrorCode = CodesOf<typeof ALLOCATION>;

/** Route parameters (ADR 087): a change id is the server's (`AC-` and 22 base64url characters). */
export const AllocationCustomerParams = z.object({ customerId: Id });
export const AllocationStoreParams = z.object({ customerId: Id, storeId: Id });
export const AllocationProductParams = z.object({ customerId: Id, productId: ProductId });
export const AllocationChangeParams = z.object({
  customerId: Id,
  changeId: z.string().check(z.regex(/^AC-[A-Za-z0-9_-]{22}$/, 'Not a change id')),
});
