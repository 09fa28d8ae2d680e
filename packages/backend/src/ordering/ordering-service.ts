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
} from '@portal/core/ordering';
import { orderPdfFileName } from '@portal/core/ordering';
import type { Db } from '../platform/db/client.ts';
import type { Actor } from '../access/index.ts';
import { getAddressOf, listAddresses } from './addresses.ts';
import { readOrderOf } from './order-detail.ts';
import { listOrders } from './order-list.ts';
import { orderPdfBytes } from './order-pdf.ts';
import { type SubmitResult, submitOrder } from './order-submit.ts';
import type { PriceSettings } from './brand-prices.ts';
import { productsStepWithCalls } from './products-step.ts';
import { listRetailers } from './retailer-list.ts';

export type OrderingDeps = {
  db: Db;
  now: () => Date;
  /** The retailer's logo for its order PDFs (ADR 084; passed in by the wiring); none: no logo. */
  logoPng?: (customerId: string) => Promise<Uint8Array | null>;
  /** The price settings of a host's brand (ADR 089; passed in by the wiring); none: the plain prices. */
  priceSettings?: (host: string | undefined) => Promise<PriceSettings>;
};

/**
 * The ordering portal's functions (SPEC 1, 2, 5, 7 replenishment). Every function checks the actor's
 * module permission (cardOrdering; the retailer list also retailerSales) and that the retailer, store or
 * order is one the actor may act for — otherwise 404, never another retailer's data (ADR 015).
 */
export function createOrderingService(deps: OrderingDeps) {
  const { db } = deps;
  return {
    /** Retailers the actor may act for, searchable by name or id, paged. */
    retailers: async (actor: Actor, query: RetailersQuery): Promise<RetailersPage> => listRetailers(db, actor, query, deps.now()),
    /** The retailer's stores (store type 0) or distribution centres (1), searchable. */
    addresses: async (actor: Actor, input: { customerId: string; storeType: StoreType; search?: string }): Promise<AddressList> =>
      listAddresses(db, actor, input),
    /** One store or distribution centre of the retailer. */
    address: async (actor: Actor, input: { customerId: string; storeType: StoreType; storeId: string }): Promise<AddressRow> =>
      getAddressOf(db, actor, input),
    /** The products step of one location: every product the retailer may order, with its figures and the host brand's prices. */
    products: async (
      actor: Actor,
      input: { customerId: string; storeType: StoreType; storeId: string },
      host?: string,
    ): Promise<ProductsAnswer> =>
      (await productsStepWithCalls(db, actor, input, deps.now(), (await deps.priceSettings?.(host)) ?? {})).answer,
    /** Submits an order; the idempotency key makes a retry or a double click return the same order. */
    submit: async (actor: Actor, input: OrderSubmitInput, idempotencyKey: string): Promise<SubmitResult> =>
      submitOrder(deps, actor, input, idempotencyKey),
    orders: async (actor: Actor, query: OrdersQuery): Promise<OrdersPage> => {
      const { calls: _calls, ...page } = await listOrders(db, actor, query, deps.now());
      return page;
    },
    order: async (actor: Actor, orderId: string): Promise<OrderDetail> => (await readOrderOf(db, actor, orderId)).detail,
    /** The order as a PDF document (bytes). */
    orderPdf: async (actor: Actor, orderId: string): Promise<{ fileName: string; bytes: Uint8Array }> => {
      const { detail, retailerName } = await readOrderOf(db, actor, orderId);
      const logoPng = (await deps.logoPng?.(detail.retailerId)) ?? null;
      const bytes = await orderPdfBytes(detail, {
        retailerName,
        timezone: actor.timezone,
        locale: actor.locale,
        generatedAt: deps.now(),
        ...(logoPng ? { logoPng } : {}),
      });
      return { fileName: orderPdfFileName(detail, actor.timezone), bytes };
    },
  };
}

export type OrderingService = ReturnType<typeof createOrderingService>;
