import * as z from '../shared/zod.ts';
import { CustomerType } from '../masterdata/master-data.ts';
import { SalesQuery } from './sales.ts';

/**
 * The connect Sales section (ADR 037): SPEC 7's `sales` call (customerId, dates,
 * groupBy; answers sales, totalSales, resultCount: core SalesAnswer) for a retailer or a content provider.
 * A customer may be both (customers = retailers ∪ providers): `customerType` says whose figures — a
 * retailer's sales in its stores, or a provider's: the sales of the products whose content provider it is,
 * in every retailer's stores. A provider's figures take no store filter, and no EAN filter by store.
 */
export { CUSTOMER_TYPES as CONNECT_SALES_CUSTOMER_TYPES, CustomerType as ConnectSalesCustomerType } from '../masterdata/master-data.ts';

export const ConnectSalesQuery = z.extend(SalesQuery, { customerType: z._default(CustomerType, 'retailer') });
export type ConnectSalesQuery = z.infer<typeof ConnectSalesQuery>;
