import type { Pagination as PageInfo } from '@portal/core/shared';
import { useId } from 'react';
import { type Translate, useT } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/user-format.ts';
import { Button } from './button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';

export interface PaginationLabels {
  /** The navigation landmark's name, e.g. 'Pagination'. */
  nav: string;
  previous: string;
  next: string;
  /** 'Page 2 of 5'. */
  pageOf: string;
  /** '48 results'. */
  total: string;
  /** 'Rows per page'. */
  pageSize: string;
}

/**
 * A section's pager texts from its catalogue (`<section>.pagination.*`); `total` is the list's own count
 * text, and `number` says the page numbers (as they are, or in the user's format).
 */
export function pageLabels(
  t: Translate,
  section: 'orders' | 'sales' | 'transactions' | 'requests' | 'reports',
  { currentPage, pageCount }: Pick<PageInfo, 'currentPage' | 'pageCount'>,
  total: string,
  number: (n: number) => string | number = (n) => n,
): PaginationLabels {
  return {
    nav: t(`${section}.pagination.nav`),
    previous: t(`${section}.pagination.previous`),
    next: t(`${section}.pagination.next`),
    pageOf: t(`${section}.pagination.pageOf`, { page: number(currentPage), pages: number(pageCount) }),
    total,
    pageSize: t(`${section}.pagination.pageSize`),
  };
}

/**
 * A server-side pagination control (SPEC 3 Pagination: pageSize, currentPage, pageCount, totalCount):
 * previous / next, where we are, how many there are, and optionally the page size.
 */
export function Pagination<S extends number = number>({
  pagination,
  onPageChange,
  labels,
  pageSizes,
  onPageSizeChange,
  busy = false,
}: {
  pagination: PageInfo;
  onPageChange: (page: number) => void;
  labels: PaginationLabels;
  pageSizes?: readonly S[];
  /** Called with the picked size itself, so a caller offering a union of sizes gets one back. */
  onPageSizeChange?: (size: S) => void;
  busy?: boolean;
}) {
  const id = useId();
  const { currentPage, pageCount } = pagination;
  return (
    <nav aria-label={labels.nav} className="flex flex-col gap-3 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
      <p aria-live="polite">
        {labels.total}
        {pageCount > 1 ? <span className="text-slate-400"> · </span> : null}
        {pageCount > 1 ? labels.pageOf : null}
      </p>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        {pageSizes && onPageSizeChange ? (
          <div className="flex items-center gap-2">
            <label htmlFor={`${id}-size`} className="whitespace-nowrap">
              {labels.pageSize}
            </label>
            <select
              id={`${id}-size`}
              value={pagination.pageSize}
              onChange={(e) => {
                const picked = pageSizes.find((size) => size === Number(e.target.value));
                if (picked !== undefined) onPageSizeChange(picked);
              }}
              className="rounded-lg border border-slate-300 bg-white py-1.5 pl-2 pr-7 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="flex items-center gap-1">
          <Button
            theme="secondary"
            className="!px-2.5 !py-1.5"
            onClick={() => onPageChange(currentPage - 1)}
            disabled={busy || currentPage <= 1}
            aria-label={labels.previous}
          >
            <ChevronLeftIcon className="size-4" />
          </Button>
          <span className="min-w-12 text-center tabular-nums" aria-hidden="true">
            {pageCount > 0 ? `${currentPage} / ${pageCount}` : '–'}
          </span>
          <Button
            theme="secondary"
            className="!px-2.5 !py-1.5"
            onClick={() => onPageChange(currentPage + 1)}
            disabled={busy || currentPage >= pageCount}
            aria-label={labels.next}
          >
            <ChevronRightIcon className="size-4" />
          </Button>
        </div>
      </div>
    </nav>
  );
}

/**
 * The pager of a list paged with `usePaging` whose total is `<section>.pagination.total` (the count in the
 * user's number format): page and size go back to `paging`.
 */
export function PagedListPagination<S extends number>({
  section,
  pagination,
  paging,
  pageSizes,
  busy,
  locale,
}: {
  section: 'orders' | 'sales';
  pagination: PageInfo;
  paging: { setPage: (page: number) => void; setSize: (size: number) => void };
  pageSizes: readonly S[];
  busy: boolean;
  locale: string;
}) {
  const t = useT();
  const total = t(`${section}.pagination.total`, { count: formatNumber(pagination.totalCount, locale) });
  return (
    <Pagination
      pagination={pagination}
      onPageChange={paging.setPage}
      pageSizes={pageSizes}
      onPageSizeChange={paging.setSize}
      busy={busy}
      labels={pageLabels(t, section, pagination, total)}
    />
  );
}
