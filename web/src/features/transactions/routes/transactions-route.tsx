import { TRANSACTION, type TransactionFilter } from '@portal/core/transaction';
import { isOneOf } from '@portal/core/shared';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListIcon } from '../../../components/ui/icons.tsx';
import { fieldText, useT } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { preferredCustomer, useCustomerMemory } from '../../../lib/customer-memory.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { useMasterData, useTransactionPage } from '../api/transactions.ts';
import { TransactionFilters } from '../components/transaction-filters.tsx';
import { type ShownProblems } from '../components/use-filter-texts.ts';
import { TransactionDetail } from '../components/transaction-detail.tsx';
import type { ListFormat } from '../components/transaction-list.tsx';
import { TransactionResults } from '../components/transaction-results.tsx';
import {
  appliedFilter,
  clearedDraft,
  FILTER_FIELDS,
  filterProblems,
  hasProblems,
  paramsOfView,
  type TransactionDraft,
  type TransactionView,
  transactionQuery,
  viewFromParams,
} from '../model/transaction-filter.ts';

/** History state of the entry that opened a detail: closing it steps back instead of adding an entry. */
const OPENED_DETAIL = 'transactions:detail';

/**
 * /connect/transactions (ADR 036): the filter, the page of transactions newest first, the
 * detail of one, and the export of the whole filtered result. Everything the screen shows is in the URL
 * (filter, page, page size, the paging snapshot `asOf`, the open detail): a search is a link, the back button
 * steps through searches and pages. The export is another feature's panel: the app's route hands it in as
 * `exportPanel` (features do not import each other), given the applied filter, so it exports what is listed.
 */
export function TransactionsRoute({ exportPanel }: { exportPanel?: ((filter: TransactionFilter) => ReactNode) | undefined } = {}) {
  const t = useT();
  const fmt = useUserFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const master = useMasterData();
  const customers = master.data?.customers;
  // Without a customer in the URL: the only one, else the one the user chose last (lib/customer-memory.ts).
  const { remembered, remember } = useCustomerMemory();
  const startCustomer = preferredCustomer(customers, remembered, (c) => c.customerId)?.customerId ?? '';
  const view = viewFromParams(params, fmt.today(), startCustomer);
  const query = transactionQuery(view);
  const page = useTransactionPage(query);
  // A listed customer searched for is the user's choice for the next visit.
  const appliedCustomer = view.filter.customerId;
  const listed = customers?.some((c) => c.customerId === appliedCustomer) === true;
  useEffect(() => {
    if (listed) remember(appliedCustomer);
  }, [listed, appliedCustomer, remember]);

  // The form edits a draft of the applied filter; a new URL (a search, the back button) starts it over.
  const appliedKey = JSON.stringify(view.filter);
  const [form, setForm] = useState({ key: appliedKey, draft: view.filter, attempted: false });
  const current = form.key === appliedKey ? form : { key: appliedKey, draft: view.filter, attempted: false };
  const setDraft = (draft: TransactionDraft) => setForm({ ...current, draft });

  const go = (next: TransactionView, options: { replace?: boolean; state?: unknown } = {}) => setParams(paramsOfView(next), options);
  const search = (draft: TransactionDraft) => {
    const next: TransactionView = { filter: draft, page: 1, size: view.size, asOf: undefined, detail: undefined };
    // The same search again reads again (a new snapshot) rather than showing what is cached.
    if (paramsOfView(next).toString() === params.toString()) void page.mutate();
    else go(next);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (hasProblems(filterProblems(current.draft))) setForm({ ...current, attempted: true });
    else search(current.draft);
  };

  // Refused filters: a 400 with field issues, or a customer that is unknown or not the user's (404, ADR 015).
  const refused = page.error instanceof ApiError && (page.error.status === 400 || page.error.code === TRANSACTION.CUSTOMER_NOT_FOUND);
  const serverError = refused ? page.error : undefined;
  const server: ShownProblems['server'] = {};
  if (serverError?.code === TRANSACTION.CUSTOMER_NOT_FOUND) server.customerId = t('transactions.problems.customerId');
  for (const issue of serverError?.issues ?? []) {
    const field = issue.path.split('.')[0];
    if (!isOneOf(FILTER_FIELDS, field) || server[field]) continue;
    server[field] =
      field === 'startDate' || field === 'endDate' || field === 'customerId'
        ? fieldText(t, issue.message, issue.code)
        : t(`transactions.problems.${field}`);
  }
  // A URL given by hand (a link) shows its problems right away; a draft once a search was attempted.
  const urlProblems = params.size > 0 && JSON.stringify(current.draft) === appliedKey && hasProblems(filterProblems(view.filter));
  const shown: ShownProblems | null =
    current.attempted || urlProblems || serverError ? { problems: filterProblems(current.draft), server } : null;

  const format: ListFormat = {
    locale: fmt.locale,
    timeZone: fmt.timeZone,
    currencies: master.data?.currencies,
    types: master.data?.transactionTypes,
  };
  const openDetail = (key: string) => go({ ...view, detail: key }, { state: OPENED_DETAIL });
  const closeDetail = () => {
    if (location.state === OPENED_DETAIL) navigate(-1);
    else go({ ...view, detail: undefined }, { replace: true });
  };
  const refresh = () => {
    if (view.asOf) go({ ...view, asOf: undefined });
    else void page.mutate();
  };
  // Until master data says whether there is only one customer, the choice is not asked for.
  const needsCustomer = !view.filter.customerId && !shown && !master.isLoading;
  // Nothing to export from an answer with no rows.
  const nothingFound = page.data?.complete === true && page.data.totalCount === 0;
  const exportFilter = exportPanel && !serverError && !nothingFound ? appliedFilter(view) : null;

  return (
    <div>
      <PageHeader
        title={t('transactions.title')}
        description={t('transactions.description')}
        actions={
          page.data ? (
            <div className="flex items-center gap-3">
              <span className="text-xs text-slate-500">{t('transactions.asOf', { time: formatDateTime(page.data.asOf, fmt) })}</span>
              <Button theme="secondary" onClick={refresh} loading={page.isValidating}>
                {t('transactions.refresh')}
              </Button>
            </div>
          ) : undefined
        }
      />
      <div className="space-y-6">
        <Card className="p-4 sm:p-5">
          <TransactionFilters
            draft={current.draft}
            onChange={setDraft}
            onSearch={onSearch}
            onClear={() => search(clearedDraft(current.draft))}
            shown={shown}
            customers={customers}
            types={master.data?.transactionTypes}
            today={fmt.today}
            busy={page.isValidating}
          />
        </Card>
        {exportFilter ? exportPanel!(exportFilter) : null}
        {serverError ? (
          <Alert theme="red" role="alert">
            {t('transactions.problems.rejected')}
          </Alert>
        ) : needsCustomer ? (
          <EmptyState
            heading="h2"
            icon={<ListIcon className="size-6" />}
            title={t('transactions.chooseCustomer.title')}
            text={t('transactions.chooseCustomer.text')}
          />
        ) : query ? (
          <TransactionResults
            result={page}
            format={format}
            onOpen={openDetail}
            showCustomer={master.data?.providers.some((p) => p.customerId === appliedCustomer) === true}
            onPage={(next, asOf) => go({ ...view, page: next, asOf: view.asOf ?? asOf })}
            onPageSize={(size, asOf) => go({ ...view, page: 1, size, asOf: view.asOf ?? asOf })}
          />
        ) : null}
      </div>
      <TransactionDetail txKey={view.detail} format={format} onClose={closeDetail} />
    </div>
  );
}
