/**
 * Pagination (SPEC 3, ADR 030): the server pages by a zero-based page `index` and a page size
 * `maxResults`; the interface shows a one-based `currentPage` (= index + 1, the spec's "index (+1)").
 * The answer's schema is `pageOf` (schemas.ts).
 */
export interface Pagination {
  pageSize: number;
  /** One-based. May exceed pageCount when a page past the end was asked for (its items are empty). */
  currentPage: number;
  /** 0 when there are no items: there is no page to show, the screen shows its empty state. */
  pageCount: number;
  totalCount: number;
}

export interface PageRequest {
  /** Zero-based page index. */
  index: number;
  maxResults: number;
}

const wholeAtLeastZero = (n: number): number => (Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0);

/** A page size must be a whole number of at least 1; anything else is a caller's mistake. */
function checkedPageSize(pageSize: number): number {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`page size must be a whole number ≥ 1, not ${pageSize}`);
  return pageSize;
}

/**
 * From the server's paging answer. pageCount = ceil(totalCount / pageSize); 0 when there are no items
 * and also when pageSize is 0 (no division by zero). Negative or non-finite inputs count as 0: it is
 * called while rendering, on answers `pageOf` has already checked, so it never throws.
 */
export function toPagination(input: { index: number; maxResults: number; totalCount: number }): Pagination {
  const pageSize = wholeAtLeastZero(input.maxResults);
  const totalCount = wholeAtLeastZero(input.totalCount);
  return {
    pageSize,
    currentPage: wholeAtLeastZero(input.index) + 1,
    pageCount: pageSize === 0 ? 0 : Math.ceil(totalCount / pageSize),
    totalCount,
  };
}

/**
 * The inverse: the request for a one-based page. Pages below 1 ask for the first page; a page size
 * below 1 throws (RangeError).
 */
export function toPageRequest(currentPage: number, pageSize: number): PageRequest {
  return {
    index: Math.max(0, wholeAtLeastZero(currentPage) - 1),
    maxResults: checkedPageSize(pageSize),
  };
}

/**
 * The items a page holds, as offsets [start, end) into the whole (sorted) result: what a server slices
 * or reads. A page past the end is empty (start = end = totalCount). Throws on a page size below 1.
 */
export function pageBounds(request: PageRequest, totalCount: number): { start: number; end: number } {
  const size = checkedPageSize(request.maxResults);
  const total = wholeAtLeastZero(totalCount);
  const start = Math.min(wholeAtLeastZero(request.index) * size, total);
  return { start, end: Math.min(start + size, total) };
}
