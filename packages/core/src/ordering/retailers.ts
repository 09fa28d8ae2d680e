import * as z from '../shared/zod.ts';
import { DEFAULT_PAGE_SIZE_ORDERING, RETAILER_LIST_PAGE_SIZE } from '../shared/constants.ts';
import { pageOf, QueryInt } from '../shared/schemas.ts';

/**
 * The retailer list's contracts (SPEC 7 replenishment/retailers), apart from ordering.ts: the ordering shell's
 * retailer guard reads this list on every ordering page, and a bundler places a module whole, so the order
 * screens' schemas would ride with the shell if they shared a file (ADR 132).
 */

export const RetailersQuery = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  index: QueryInt(0, 100_000, 0),
  resultsPerPage: QueryInt(1, RETAILER_LIST_PAGE_SIZE, DEFAULT_PAGE_SIZE_ORDERING),
});
export type RetailersQuery = z.infer<typeof RetailersQuery>;

const RetailerRow = z.object({
  customerId: z.string(),
  name: z.string(),
  customerGroupId: z.nullable(z.string()),
});
type RetailerRow = z.infer<typeof RetailerRow>;
export const RetailersPage = pageOf(RetailerRow);
export type RetailersPage = z.infer<typeof RetailersPage>;
