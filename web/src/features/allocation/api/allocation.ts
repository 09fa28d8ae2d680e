import {
  AllocationChange,
  AllocationCustomers,
  type AllocationChangeInput,
  AllocationHistory,
  AllocationOverview,
  ProductAllocation,
  StoreAllocation,
} from '@portal/core/product';
import type * as z from '@portal/core/zod';
import useSWR from 'swr';
import { idempotent, routeSection, SECTION_READ, segment } from '../../../lib/resource-client.ts';

/** The Product allocation section's calls (ADR 087) on the typed client (ADR 057), per retailer. */
const section = routeSection('connect', ['product-allocation']);
const { client, read, write, key } = section;
const customers = () => client()['product-allocation'].customers[':customerId'];
const param = (customerId: string) => ({ customerId: segment(customerId) });

/** A read of the section once `wanted`: keyed by its path and query, its answer checked with `schema`. */
function useSectionRead<S extends z.ZodMiniType>(
  wanted: boolean,
  kind: 'get' | 'list',
  path: string,
  call: () => Parameters<typeof read>[0],
  schema: S,
) {
  return useSWR(wanted ? key('product-allocation', kind, path) : null, () => read(call(), schema), SECTION_READ);
}

export function useAllocationOverview(customerId: string | null) {
  const at = customers();
  const args = { param: param(customerId ?? '-') };
  return useSectionRead(Boolean(customerId), 'get', at.$path(args), () => at.$get(args), AllocationOverview);
}

export function useStoreAllocation(customerId: string, storeId: string | null) {
  const at = customers().stores[':storeId'];
  const args = { param: { ...param(customerId), storeId: segment(storeId ?? '-') } };
  return useSectionRead(Boolean(storeId), 'get', at.$path(args), () => at.$get(args), StoreAllocation);
}

export function useProductAllocation(customerId: string, productId: string | null) {
  const at = customers().products[':productId'];
  const args = { param: { ...param(customerId), productId: segment(productId ?? '-') } };
  return useSectionRead(Boolean(productId), 'get', at.$path(args), () => at.$get(args), ProductAllocation);
}

export function useAllocationHistory(customerId: string, of: { productId: string } | { storeId: string } | null) {
  const at = customers().history;
  const args = { param: param(customerId), query: of ?? { storeId: '-' } };
  return useSectionRead(of !== null, 'list', at.$path(args), () => at.$get(args), AllocationHistory);
}

export const fileChange = (customerId: string, input: AllocationChangeInput, idempotencyKey: string) =>
  write(customers().changes.$post({ param: param(customerId), json: input, header: idempotent(idempotencyKey) }), AllocationChange);

const decision = () => customers().changes[':changeId'];
export const approveChange = (customerId: string, changeId: string) =>
  write(decision().approve.$post({ param: { ...param(customerId), changeId: segment(changeId) } }), AllocationChange);
export const rejectChange = (customerId: string, changeId: string, reason: string) =>
  write(
    decision().reject.$post({
      param: { ...param(customerId), changeId: segment(changeId) },
      json: reason ? { reason } : {},
    }),
    AllocationChange,
  );

/** The retailers the caller may pick (a content provider's users: every retailer, for their own products). */
export function useAllocationCustomers() {
  const at = client()['product-allocation'].customers;
  return useSectionRead(true, 'list', at.$path(), () => at.$get(), AllocationCustomers);
}
