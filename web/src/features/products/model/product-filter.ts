import { PRODUCT_STATUSES } from '@portal/core/shared';
import { formatDecimal, numberFormat } from '../../../lib/user-format.ts';

/**
 * The product list's filters (GET /api/products: core ProductQuery) and how they live in the URL, so a
 * filtered list can be shared and the back button restores it. Pure, unit-tested.
 */
export interface ProductFilter {
  q: string;
  productType: string;
  category: string;
  contentProviderId: string;
  currency: string;
  /** '' = every status. */
  status: string;
  /** One-based page. */
  page: number;
  pageSize: number;
}

export const PRODUCT_PAGE_SIZES = [25, 50, 100, 500] as const;
export const DEFAULT_PRODUCT_PAGE_SIZE = 25;
const TEXT_FIELDS = ['q', 'productType', 'category', 'contentProviderId', 'currency', 'status'] as const;

const wholeAtLeastOne = (text: string | null, fallback: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/** The filter a URL's search parameters describe; unknown or malformed values fall back to "any". */
export function productFilterFrom(params: URLSearchParams): ProductFilter {
  const size = wholeAtLeastOne(params.get('pageSize'), DEFAULT_PRODUCT_PAGE_SIZE);
  const status = params.get('status') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    productType: params.get('productType') ?? '',
    category: params.get('category') ?? '',
    contentProviderId: params.get('contentProviderId') ?? '',
    currency: params.get('currency') ?? '',
    status: PRODUCT_STATUSES.some((s) => s === status) ? status : '',
    page: wholeAtLeastOne(params.get('page'), 1),
    pageSize: PRODUCT_PAGE_SIZES.some((s) => s === size) ? size : DEFAULT_PRODUCT_PAGE_SIZE,
  };
}

/** The search parameters of a filter: only what differs from the defaults. */
export function productFilterParams(filter: ProductFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of TEXT_FIELDS) if (filter[field].trim()) params.set(field, filter[field].trim());
  if (filter.page > 1) params.set('page', String(filter.page));
  if (filter.pageSize !== DEFAULT_PRODUCT_PAGE_SIZE) params.set('pageSize', String(filter.pageSize));
  return params;
}

/** GET /api/products's query: the filters set, the zero-based page index and its size. */
export function productQuery(filter: ProductFilter): Record<string, string> {
  const query: Record<string, string> = {};
  for (const field of TEXT_FIELDS) if (filter[field].trim()) query[field] = filter[field].trim();
  query.index = String(filter.page - 1);
  query.maxResults = String(filter.pageSize);
  return query;
}

/** Whether any filter narrows the list (the empty state then offers to clear them). */
export const isFiltered = (filter: ProductFilter): boolean => TEXT_FIELDS.some((field) => filter[field].trim() !== '');

/**
 * An amount in integer cents in the product's currency (ISO 4217), in the user's locale; without a
 * currency, as a plain number with two decimals.
 */
export function formatProductAmount(cents: number, currency: string | undefined, locale: string): string {
  const value = cents / 100;
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return numberFormat(locale, { style: 'currency', currency }).format(value);
    } catch {
      // An unknown locale: the plain number below.
    }
  }
  return formatDecimal(value, locale, 2);
}

/** A product's value as one text: its face value, or the range a variable-value card may be loaded with. */
export function productValueText(
  p: {
    faceValueCents?: number | undefined;
    minValueCents?: number | undefined;
    maxValueCents?: number | undefined;
    currency?: string | undefined;
  },
  locale: string,
): string {
  const money = (cents: number) => formatProductAmount(cents, p.currency, locale);
  if (p.faceValueCents !== undefined) return money(p.faceValueCents);
  if (p.minValueCents !== undefined && p.maxValueCents !== undefined) return `${money(p.minValueCents)} – ${money(p.maxValueCents)}`;
  if (p.minValueCents !== undefined) return `≥ ${money(p.minValueCents)}`;
  if (p.maxValueCents !== undefined) return `≤ ${money(p.maxValueCents)}`;
  return '—';
}
