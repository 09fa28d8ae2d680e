import { toPagination } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { StoreIcon } from '../../../components/ui/icons.tsx';
import { ListSearch } from '../../../components/ui/list-search.tsx';
import { ListState } from '../../../components/ui/list-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDebouncedValue } from '../../../components/ui/use-debounced-value.ts';
import { useT } from '../../../i18n/index.ts';
import { useSession } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { useChosenRetailer, useRetailerRestore } from '../api/chosen-retailer.ts';
import { useRetailers } from '../api/retailers.ts';

/** Navigation state set by the retailer guard when it redirects here; `from`: where the user was going (choosing a retailer continues there). */
const RetailerRequiredState = z.object({ retailerRequired: z.optional(z.boolean()), from: z.optional(z.string()) });
export type RetailerRequiredState = z.infer<typeof RetailerRequiredState>;

/**
 * /app/retailer-selection: a searchable, server-paged list (10 per page) of the retailers the user may
 * act for. Choosing one keeps it for this portal's session (and as the user's last choice) and continues
 * to New Order (or to where the guard came from). The user's remembered retailer, or their only one, is
 * preselected. ONE message on top: 'Please select a retailer to proceed.' when nothing is chosen and the
 * guard sent the user here, else the current retailer with Continue.
 */
export function RetailerSelectionRoute() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const { status } = useSession();
  const [chosen, choose] = useChosenRetailer();
  const parsedState = RetailerRequiredState.safeParse(location.state);
  const state = parsedState.success ? parsedState.data : null;
  const required = state?.retailerRequired === true;

  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim(), 300);
  const [query, setQuery] = useState({ search: '', index: 0 });
  // A new search starts at page 1.
  if (debounced !== query.search) {
    setQuery({ search: debounced, index: 0 });
    setPage(1);
  } else if (page - 1 !== query.index) {
    setQuery({ search: query.search, index: page - 1 });
  }
  const retailers = useRetailers(query);
  const { data, isValidating } = retailers;

  // The remembered retailer (still listed) or the only one is preselected; the page still shows.
  useRetailerRestore(true);

  const permissions = status?.user?.modules.ordering?.permissions;
  // New Order; a sales-only user (no cardOrdering) continues to Sales.
  // `from`: the address a guard sent the user here from (only an ordering portal's own path, never another origin).
  const from = state?.from?.startsWith(`${paths.app.root}/`) === true ? state.from : undefined;
  const next =
    from ?? (permissions?.retailerSales === true && permissions.cardOrdering !== true ? paths.app.sales : paths.app.order.address);

  const select = (id: string, name: string) => {
    choose({ id, name });
    void navigate(next);
  };

  const pagination = data ? toPagination(data) : null;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('retailerSelection.title')} description={t('retailerSelection.description')} />
      <div className="space-y-4">
        {required && !chosen ? (
          <Alert theme="orange" role="alert">
            {t('messages.selectRetailer')}
          </Alert>
        ) : chosen ? (
          <div className="flex flex-col gap-3 rounded-lg bg-brand-50 p-3.5 ring-1 ring-inset ring-brand-200 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-brand-900">{t('retailer.current', { name: chosen.name })}</p>
            <Button onClick={() => void navigate(next)} className="shrink-0">
              {t('retailerSelection.continue', { name: chosen.name })}
            </Button>
          </div>
        ) : null}

        <Card className="overflow-hidden">
          <ListSearch
            label={t('retailerSelection.search')}
            placeholder={t('retailerSelection.searchPlaceholder')}
            value={search}
            onValueChange={setSearch}
          />

          <ListState
            result={retailers}
            failedMessage={t('retailerSelection.loadFailed')}
            retryLabel={t('retailerSelection.retry')}
            loading={
              <div role="status" className="flex items-center justify-center gap-3 p-10 text-sm text-slate-500">
                <Spinner className="size-5" />
                {t('app.loading')}
              </div>
            }
            empty={{
              title: t('retailerSelection.noResults'),
              text: query.search ? t('retailerSelection.noResultsText') : t('retailerSelection.noRetailers'),
              icon: <StoreIcon className="size-5" />,
            }}
          >
            {(list) => (
              <ul
                aria-label={t('retailerSelection.listLabel')}
                aria-busy={isValidating || undefined}
                className={`divide-y divide-slate-100 transition-opacity ${isValidating ? 'opacity-60' : ''}`}
              >
                {list.items.map((retailer) => {
                  const current = chosen?.id === retailer.customerId;
                  return (
                    <li key={retailer.customerId}>
                      <button
                        type="button"
                        onClick={() => select(retailer.customerId, retailer.name)}
                        aria-current={current ? 'true' : undefined}
                        className={[
                          'flex w-full items-center gap-3 px-4 py-3.5 text-left transition-colors sm:px-5',
                          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                          current ? 'bg-brand-50 hover:bg-brand-100' : 'hover:bg-slate-50',
                        ].join(' ')}
                      >
                        <span
                          className={`flex size-9 shrink-0 items-center justify-center rounded-full ${current ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-500'}`}
                          aria-hidden="true"
                        >
                          <StoreIcon className="size-4" />
                        </span>
                        <span className="min-w-0 flex-1">
                          <span className="block truncate font-medium text-slate-900">{retailer.name}</span>
                          {/* slate-500 on the chosen row's brand-50 is below 4.5:1 (WCAG 1.4.3): slate-600 there. */}
                          <span className={`block truncate text-xs ${current ? 'text-slate-600' : 'text-slate-500'}`}>
                            {t('retailerSelection.customerId', { id: retailer.customerId })}
                            {retailer.customerGroupId ? ` · ${t('retailerSelection.group', { id: retailer.customerGroupId })}` : ''}
                          </span>
                        </span>
                        {current ? <Badge theme="blue">{t('retailerSelection.current')}</Badge> : null}
                        <span className={`hidden text-sm font-semibold sm:inline ${current ? 'text-brand-700' : 'text-brand-600'}`}>
                          {t('retailerSelection.choose')} ›
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </ListState>

          {pagination && pagination.totalCount > 0 ? (
            <div className="border-t border-slate-200 p-4 sm:px-5">
              <Pagination
                pagination={{ ...pagination, currentPage: page }}
                onPageChange={setPage}
                busy={isValidating}
                labels={{
                  nav: t('retailerSelection.pageNav'),
                  previous: t('retailerSelection.previous'),
                  next: t('retailerSelection.next'),
                  pageOf: t('retailerSelection.pageStatus', { page, pages: pagination.pageCount }),
                  total: t('retailerSelection.count', { count: pagination.totalCount }),
                  pageSize: t('retailerSelection.pageSize'),
                }}
              />
            </div>
          ) : null}
        </Card>
      </div>
    </div>
  );
}
