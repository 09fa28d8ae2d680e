import * as z from '../shared/zod.ts';
import { DEFAULT_LIST_PAGE_SIZE } from '../shared/constants.ts';
import { pageOf, QueryInt, SourceId } from '../shared/schemas.ts';
import { PRODUCT_STATUSES } from '../shared/statuses.ts';

/**
 * Wire contract of the connect product list (SPEC 3 Product (connect): min and max value, face value, ESP,
 * currency, product type, content provider, category; ADR 037). Amounts are integer minor units (cents),
 * like the sales figures; absent when the catalogue does not give them (a fixed-value card has no min/max,
 * a variable-value card no face value).
 */
export const ConnectProduct = z.object({
  productId: z.string(),
  ean: z.string(),
  sku: z.string(),
  name: z.string(),
  /** The brand. */
  company: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  faceValueCents: z.optional(z.number().check(z.int())),
  minValueCents: z.optional(z.number().check(z.int())),
  maxValueCents: z.optional(z.number().check(z.int())),
  /** End-customer sales price. */
  espCents: z.optional(z.number().check(z.int())),
  /** ISO 4217 code, e.g. EUR. */
  currency: z.optional(z.string()),
  /** e.g. PIN, POSA, digital, physical. */
  productType: z.optional(z.string()),
  category: z.optional(z.string()),
  contentProviderId: z.optional(z.string()),
  /** The content provider's name (master data), when the provider is known. */
  contentProviderName: z.optional(z.string()),
});
export type ConnectProduct = z.infer<typeof ConnectProduct>;

/** The largest page GET /api/products answers (the SPEC's default list page, DEFAULT_LIST_PAGE_SIZE). */
export const PRODUCT_PAGE_MAX = DEFAULT_LIST_PAGE_SIZE;

const Filter = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

/**
 * GET /api/products: text search (`q`: name, EAN or SKU, case-insensitive, contained anywhere), exact
 * filters, and a page (`index` zero-based page, `maxResults` its size; SPEC 3 Pagination). Empty filter
 * values mean "any".
 */
export const ProductQuery = z.object({
  q: Filter(100),
  productType: Filter(64),
  category: Filter(100),
  contentProviderId: z.optional(SourceId),
  currency: z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z]{3}$/, 'Value must be a currency code such as EUR'))),
  status: z.optional(z.enum(PRODUCT_STATUSES)),
  index: QueryInt(0, 100_000, 0),
  maxResults: QueryInt(1, PRODUCT_PAGE_MAX, DEFAULT_LIST_PAGE_SIZE),
});
export type ProductQuery = z.infer<typeof ProductQuery>;

/**
 * One page of products in name order, plus what the filters can offer (the distinct product types,
 * categories and currencies of the products the caller may see), so the screen needs no second call.
 */
export const ProductPage = z.extend(pageOf(ConnectProduct), {
  facets: z.object({
    productTypes: z.array(z.string()),
    categories: z.array(z.string()),
    currencies: z.array(z.string()),
    contentProviders: z.array(z.object({ customerId: z.string(), name: z.string() })),
  }),
});
export type ProductPage = z.infer<typeof ProductPage>;
