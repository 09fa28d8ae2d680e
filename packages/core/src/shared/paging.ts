/**
 * Pagination (SPEC 3): the server pages by a zero-based page `index` and a page size `maxResults`;
 * the interface shows a one-based `currentPage`.
 */
export interface Pagination {
  pageSize: number;
  /** One-based. */
  currentPage: number;
  pageCount: number;
  totalCount: number;
}

export interface PageRequest {
  /** Zero-based page index. */
  index: number;
  maxResults: number;
}

const wholeAtLeastZero = (n: number): number => (Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0);

/**
 * From the server's paging answer. pageCount = ceil(totalCount / pageSize); 0 when there are no items
 * and also when pageSize is 0 (no division by zero). Negative or non-finite inputs count as 0.
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

/** The inverse: the request for a one-based page. Pages below 1 ask for the first page. */
export function toPageRequest(currentPage: number, pageSize: number): PageRequest {
  return {
    index: Math.max(0, wholeAtLeastZero(currentPage) - 1),
    maxResults: wholeAtLeastZero(pageSize),
  };
}
