import type { TransactionPage } from '@portal/core/transaction';
import { toPagination } from '@portal/core/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ListIcon } from '../../../components/ui/icons.tsx';
import { pageLabels, Pagination } from '../../../components/ui/pagination.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatDateTime, formatNumber } from '../../../lib/user-format.ts';
import { type PageSize, TRANSACTION_PAGE_SIZES } from '../model/transaction-filter.ts';
import { PageJump } from './page-jump.tsx';
import { type ListFormat, TransactionList } from './transaction-list.tsx';

/**
 * The answer to a search: the notice when the server could not examine every row (`complete` false, ADR
 * 032), the page (or SPEC 8's "no results"), and the paging (page sizes 25/50/100/500; page numbers from
 * core's toPagination of index, maxResults and totalCount).
 */
export function TransactionResults({
  result,
  format,
  onOpen,
  onPage,
  onPageSize,
  showCustomer,
}: {
  result: { data: TransactionPage | undefined; error: unknown; isLoading: boolean; isValidating: boolean; mutate: () => unknown };
  format: ListFormat;
  onOpen: (key: string) => void;
  onPage: (page: number, asOf: string) => void;
  onPageSize: (size: PageSize, asOf: string) => void;
  /** A content provider's list: name each row's customer (ADR 056). */
  showCustomer: boolean;
}) {
  const t = useT();
  const data = result.data;
  const busy = result.isValidating;
  return (
    <div className="space-y-3">
      {data && !data.complete ? (
        <Alert theme="orange" title={t('transactions.incomplete.title')}>
          {t('transactions.incomplete.text', { time: data.scannedThrough ? formatDateTime(data.scannedThrough, format) : '—' })}
        </Alert>
      ) : null}
      <QueryState
        result={result}
        failedMessage={t('transactions.loadFailed')}
        retryLabel={t('transactions.retry')}
        loadingLabel={t('transactions.loading')}
        isEmpty={(page) => page.totalCount === 0}
        empty={{ icon: <ListIcon className="size-6" />, title: t('transactions.empty.title'), text: t('transactions.empty.text') }}
      >
        {(page) => {
          const pagination = toPagination(page);
          const total = formatNumber(pagination.totalCount, format.locale);
          // A page past the end (a link from when there were more rows): say so and offer the last page.
          const pastEnd = page.items.length === 0 && pagination.currentPage > pagination.pageCount;
          return (
            <div className="space-y-3">
              {pastEnd ? (
                <Alert theme="orange">
                  {t('transactions.pagination.pastEnd', {
                    count: pagination.pageCount,
                    page: formatNumber(pagination.currentPage, format.locale),
                    pages: formatNumber(pagination.pageCount, format.locale),
                  })}
                  <Button theme="text" className="-ml-3 mt-1 block" onClick={() => onPage(pagination.pageCount, page.asOf)}>
                    {t('transactions.pagination.lastPage')}
                  </Button>
                </Alert>
              ) : null}
              <TransactionList items={page.items} format={format} onOpen={onOpen} busy={busy} showCustomer={showCustomer} />
              <Pagination
                pagination={pagination}
                onPageChange={(next) => onPage(next, page.asOf)}
                pageSizes={TRANSACTION_PAGE_SIZES}
                onPageSizeChange={(size) => onPageSize(size, page.asOf)}
                busy={busy}
                labels={pageLabels(
                  t,
                  'transactions',
                  pagination,
                  page.complete
                    ? t('transactions.pagination.total', { count: pagination.totalCount, total })
                    : t('transactions.incomplete.count', { count: pagination.totalCount, total }),
                  (n) => formatNumber(n, format.locale),
                )}
              />
              <div className="flex justify-end">
                <PageJump pageCount={pagination.pageCount} onGo={(next) => onPage(next, page.asOf)} disabled={busy} />
              </div>
            </div>
          );
        }}
      </QueryState>
    </div>
  );
}
