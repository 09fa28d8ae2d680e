import type { Portal } from '@portal/core/shared';
import { mutate } from 'swr';

/**
 * SWR keys (ARCHITECTURE convention 7). Every key is a tuple `[scope, portal, ...params]`: the scope names
 * the cached resource, the portal second says whose session read it (a logout drops only that portal's
 * answers, ADR 008). Public, session-independent data starts with `KeyScope.public` and survives logout.
 *
 * Each feature builds its keys in `features/<d>/api/keys.ts` from these scopes, next to the invalidators
 * that write or re-read them. The scopes live here, in one list, so no two features cache under one name
 * and a write in one feature can invalidate another feature's lists without importing it.
 */
export const KeyScope = {
  public: 'public',
  authStatus: 'auth/status',
  account: 'account',
  sessions: 'account/sessions',
  /** My Account's passkeys (ADR 112). */
  passkeys: 'account/passkeys',
  serialCheck: 'couponing/check',
  cardDetails: 'couponing/details',
  addresses: 'replenishment/addresses',
  address: 'replenishment/address',
  products: 'replenishment/products',
  order: 'replenishment/order',
  orderPdf: 'replenishment/order-pdf',
  orders: 'replenishment/orders',
  retailers: 'replenishment/retailers',
  retailerRestore: 'retailer-restore',
  sales: 'sales',
  salesTransactions: 'sales/transactions',
  salesNotes: 'sales/notes',
  salesStores: 'sales/stores',
  /** The generic resource client's answers (lib/resource-client.ts): `[scope, portal, route, kind, params]`. */
  resource: 'resource',
  /** The connect product list and connect sales (ADR 037). */
  connectProducts: 'connect/products',
  connectSales: 'connect/sales',
  /** An export job's progress (features/exports), polled while it runs. */
  exportJobs: 'connect/exports',
  /** The customer's audit log (features/audit, ADR 116): one page per filter and cursor. */
  auditLog: 'audit',
  /** Mutation keys (useSWRMutation): they name a write, nothing is cached under them. */
  orderSubmit: 'replenishment/order-submit',
  couponAction: 'couponing/action',
  profileSave: 'account/save',
  passwordChange: 'account/password-change',
  pendingEmail: 'account/pending-email',
  localeSave: 'account/locale',
  sessionsEnd: 'account/sessions-end',
  mfaActivate: 'account/mfa-activate',
  mfaEmailStart: 'account/mfa-email-start',
  passwordForgot: 'auth/forgot-password',
  passwordReset: 'auth/reset-password',
  mfaNoticeDismiss: 'account/mfa-notice-dismiss',
} as const;
export type KeyScope = (typeof KeyScope)[keyof typeof KeyScope];

/** Whether a cached key belongs to a scope of one portal: `[scope, portal, ...]`. */
export const inScope =
  (scope: KeyScope, portal: Portal) =>
  (key: unknown): boolean =>
    Array.isArray(key) && key[0] === scope && key[1] === portal;

/**
 * Drops every cached answer of a scope of one portal and reads those on screen again; the others read new
 * data on their next visit (after a write that changes what a list shows).
 */
export const invalidateScope = (scope: KeyScope, portal: Portal) => mutate(inScope(scope, portal), undefined, { revalidate: true });
