import { allCustomerRoles, type CustomerRole, getCustomerRole } from '../customers/index.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import type { Actor } from './actor.ts';
import { RETAILER } from '@portal/core/shared';

const isGlobal = (actor: Actor) => actor.access.security.global === true;

/** The rule of `retailersOfActor` for one retailer. */
export function mayActFor(actor: Actor, retailer: Pick<CustomerRole, 'customerId' | 'customerGroupId'>): boolean {
  if (isGlobal(actor)) return true;
  if (actor.customerId === '') return false;
  return retailer.customerId === actor.customerId || retailer.customerGroupId === actor.customerId;
}

/** The parties of a sale of a product: whom it was sold to or booked for, and the product's content provider. */
export type SaleParties = {
  customer?: Pick<CustomerRole, 'customerId' | 'customerGroupId'> | null;
  provider?: Pick<CustomerRole, 'customerId' | 'customerGroupId'> | null;
};

/**
 * Who sees a sale of a product — a card, a transaction, a sales line (ADR 063, widening its rule 2):
 * an actor who may act (ADR 015, `mayActFor`) for the customer it was sold to or booked for, OR for the
 * content provider of its product, wherever it was sold. One rule for the serial lookup, the transactions
 * (list, detail, export) and the connect sales, so what one section shows another does not hide.
 */
export function maySeeSaleOf(actor: Actor, parties: SaleParties): boolean {
  return [parties.customer, parties.provider].some((party) => party != null && mayActFor(actor, party));
}

/**
 * The retailers an actor may act for (ADR 015), sorted by name:
 * - security flag `global` (supplier staff): every retailer;
 * - customerId names a retailer: that retailer;
 * - customerId names a customer group: the retailers of that group;
 * - otherwise none.
 * The group and global cases read the retailer index (gsi1 RETAILERS) — one Query per ~1 MB, i.e. one
 * call for several thousand retailers — never a Scan.
 */
export async function retailersOfActor(db: Db, actor: Actor, now: Date): Promise<CustomerRole[]> {
  if (!isGlobal(actor) && actor.customerId === '') return [];
  if (!isGlobal(actor)) {
    const own = await getCustomerRole(db, actor.customerId, 'retailer');
    if (own) return [own];
  }
  return (await allCustomerRoles(db, 'retailer', now)).filter((role) => mayActFor(actor, role));
}

/**
 * Per object: the retailer exists and the actor may act for it. Anything else answers 404 as if the
 * retailer did not exist, so ids of other retailers cannot be probed.
 */
export async function requireRetailer(db: Db, actor: Actor, retailerId: string): Promise<CustomerRole> {
  return retailerOrNotFound(actor, await getCustomerRole(db, retailerId, 'retailer'));
}

/** `requireRetailer`'s rule on a retailer role already read (null: none). */
export function retailerOrNotFound(actor: Actor, role: CustomerRole | null | undefined): CustomerRole {
  if (!role || !mayActFor(actor, role)) throw new AppError('not_found', RETAILER.NOT_FOUND, 'Retailer not found.');
  return role;
}
