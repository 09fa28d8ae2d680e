import type {
  AddressList,
  AddressRow,
  OrderDetail,
  OrdersPage,
  OrdersQuery,
  OrderSubmitInput,
  ProductsAnswer,
  RetailersPage,
  RetailersQuery,
  StoreType,
} from '@portal/core';
import type { Db } from '../db/client.ts';
import type { OrderingActor } from './actor.ts';

export type OrderingDeps = { db: Db; now: () => Date };

/** What a submit answers: the order, and whether this call created it (false: an idempotent replay). */
export type SubmitResult = { order: OrderDetail; created: boolean };

/**
 * The ordering portal's functions (SPEC 1, 2, 5, 7 replenishment). Every function checks the actor's
 * module permission (cardOrdering; the retailer list also retailerSales) and that the retailer, store or
 * order is one the actor may act for — otherwise 404, never another retailer's data (ADR 015).
 */
export function createOrderingService(deps: OrderingDeps) {
  const notYet = (): never => {
    throw new Error(`ordering service not implemented (${deps.db.table})`);
  };
  return {
    /** Retailers the actor may act for, searchable by name or id, paged. */
    retailers: async (_actor: OrderingActor, _query: RetailersQuery): Promise<RetailersPage> => notYet(),
    /** The retailer's stores (store type 0) or distribution centres (1), searchable. */
    addresses: async (
      _actor: OrderingActor,
      _input: { customerId: string; storeType: StoreType; search?: string },
    ): Promise<AddressList> => notYet(),
    /** One store or distribution centre of the retailer. */
    address: async (
      _actor: OrderingActor,
      _input: { customerId: string; storeType: StoreType; storeId: string },
    ): Promise<AddressRow> => notYet(),
    /** The products step of one location: every product the retailer may order, with its figures. */
    products: async (
      _actor: OrderingActor,
      _input: { customerId: string; storeType: StoreType; storeId: string },
    ): Promise<ProductsAnswer> => notYet(),
    /** Submits an order; the idempotency key makes a retry or a double click return the same order. */
    submit: async (_actor: OrderingActor, _input: OrderSubmitInput, _idempotencyKey: string): Promise<SubmitResult> =>
      notYet(),
    orders: async (_actor: OrderingActor, _query: OrdersQuery): Promise<OrdersPage> => notYet(),
    order: async (_actor: OrderingActor, _orderId: string): Promise<OrderDetail> => notYet(),
    /** The order as a PDF document (bytes). */
    orderPdf: async (_actor: OrderingActor, _orderId: string): Promise<{ fileName: string; bytes: Uint8Array }> =>
      notYet(),
  };
}

export type OrderingService = ReturnType<typeof createOrderingService>;
