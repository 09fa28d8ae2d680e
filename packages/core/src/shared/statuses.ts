/**
 * The status enumerations of SPEC 4. Each is an `as const` array of stable codes (what the API and the
 * database carry), a union type, and English labels with the spec's own wording (the i18n fallback;
 * the web translates by code). The transitions between statuses are not specified.
 */

/** A type guard for any of the enumerations below: `isOneOf(ORDER_STATUSES, value)`. */
export const isOneOf = <const T extends readonly string[]>(list: T, value: unknown): value is T[number] =>
  typeof value === 'string' && list.some((item) => item === value);

export const COUPON_STATUSES = ['activated', 'deactivated', 'voided', 'redeemed', 'failed', 'notReady', 'unknown'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  activated: 'Activated',
  deactivated: 'Deactivated',
  voided: 'Voided',
  redeemed: 'Redeemed',
  failed: 'Failed',
  notReady: 'Not ready',
  unknown: 'Unknown',
};
/** The spec's notes on activation, shown as help text next to the status. */
export const COUPON_STATUS_HINTS: Partial<Record<CouponStatus, string>> = {
  deactivated: 'cannot be activated again',
  voided: 'can be activated again',
  failed: 'cannot be activated',
};

export const CONTRACT_COUPON_STATUSES = ['ready', 'issued', 'redeemed', 'voided'] as const;
export type ContractCouponStatus = (typeof CONTRACT_COUPON_STATUSES)[number];
export const CONTRACT_COUPON_STATUS_LABELS: Record<ContractCouponStatus, string> = {
  ready: 'Ready',
  issued: 'Issued',
  redeemed: 'Redeemed',
  voided: 'Voided',
};

export const ORDER_STATUSES = ['cancelled', 'created', 'downloaded', 'finished', 'incomplete', 'ordered', 'pending'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const SHIPMENT_STATUSES = ['cancelled', 'pending', 'submitted'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  cancelled: 'cancelled',
  pending: 'pending',
  submitted: 'submitted',
};

type OrderType = 'consignment' | 'physical' | 'pin' | 'posa' | 'webPos';
export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  consignment: 'consignment',
  physical: 'physical',
  pin: 'PIN',
  posa: 'POSA',
  webPos: 'WebPOS',
};

/** Product statuses (SPEC 4). */
export const PRODUCT_STATUSES = ['active', 'inactive', 'locked'] as const;
type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  active: 'active',
  inactive: 'inactive',
  locked: 'locked',
};

export const STORE_STATUSES = ['active', 'deleted', 'locked', 'lockedForAirs'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];
export const STORE_STATUS_LABELS: Record<StoreStatus, string> = {
  active: 'active',
  deleted: 'deleted',
  locked: 'locked',
  lockedForAirs: 'locked for AIRS',
};

type UserStatus = 'active' | 'locked' | 'passwordExpired';
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'active',
  locked: 'locked',
  passwordExpired: 'password expired',
};

export const SERIAL_STATUSES = [
  'available',
  'expired',
  'locked',
  'multipleResults',
  'notFound',
  'notRedeemed',
  'redeemed',
  'reserved',
  'sold',
  'soldOffline',
  'voided',
] as const;
export type SerialStatus = (typeof SERIAL_STATUSES)[number];
export const SERIAL_STATUS_LABELS: Record<SerialStatus, string> = {
  available: 'available',
  expired: 'expired',
  locked: 'locked',
  multipleResults: 'has multiple results',
  notFound: 'not found',
  notRedeemed: 'not redeemed',
  redeemed: 'redeemed',
  reserved: 'reserved',
  sold: 'sold',
  soldOffline: 'sold/offline',
  voided: 'voided',
};

export const GENERIC_STATUSES = [
  'active',
  'approved',
  'archived',
  'disabled',
  'inactive',
  'pending',
  'rejected',
  'running',
  'stopped',
  'stoppedBySystem',
  'testing',
  'unknown',
] as const;
type GenericStatus = (typeof GENERIC_STATUSES)[number];
export const GENERIC_STATUS_LABELS: Record<GenericStatus, string> = {
  active: 'Active',
  approved: 'Approved',
  archived: 'Archived',
  disabled: 'Disabled',
  inactive: 'Inactive',
  pending: 'Pending',
  rejected: 'Rejected',
  running: 'Running',
  stopped: 'Stopped',
  stoppedBySystem: 'Stopped by system',
  testing: 'Testing',
  unknown: 'Unknown',
};

type QuantityRating = 'optimal' | 'tooLess' | 'tooMuch';
export const QUANTITY_RATING_LABELS: Record<QuantityRating, string> = {
  optimal: 'optimal',
  tooLess: 'too less',
  tooMuch: 'too much',
};
