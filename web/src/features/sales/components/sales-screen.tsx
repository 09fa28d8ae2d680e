import { type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FiltersCard, FullPageSpinner, PageHeader } from '../../../components/ui/card.tsx';
import { tabIds, Tabs } from '../../../components/ui/tabs.tsx';
import { useT } from '../../../i18n/index.ts';
import { useUserFormat } from '../../../lib/user-format.ts';
import { defaultSalesFilter, type SalesFilter, salesFilterProblems } from '../model/sales-filter.ts';
import { SALES_TABS, type SalesTab, tabFromParam } from '../model/sales-tabs.ts';
import { useSalesStores } from '../api/sales.ts';
import { SalesFilters } from './sales-filters.tsx';
import { SalesStatistic } from './sales-statistic.tsx';
import { lazyPart } from '../../../lib/lazy-part.ts';

// The Transactions and Notes headers load when first chosen: the screen's first view, the statistic, does not
// download them (ADR 128).
const SalesTransactions = lazyPart(() => import('./sales-transactions.tsx'), 'SalesTransactions');
const SalesNotesPanel = lazyPart(() => import('./sales-notes.tsx'), 'SalesNotesPanel');

/** What the Orders header is given: the sales filters' range and store, once they are valid. */
export interface SalesOrdersRange {
  startDate: string;
  endDate: string;
  storeId: string;
}

/**
 * /app/sales (SPEC 2 headers; ADR 015): the filters shared by every header, then Orders, Sales statistic
 * (default), Transactions or Notes. The Orders header is another feature's list: the route passes it in
 * as `ordersTab` (features do not import each other); without it that header is not offered.
 */
export function SalesScreen({
  customerId,
  retailerName,
  ordersTab,
}: {
  customerId: string;
  retailerName: string;
  ordersTab?: ((range: SalesOrdersRange | null) => ReactNode) | undefined;
}) {
  const t = useT();
  const { timeZone, today, ...format } = useUserFormat();
  const [params, setParams] = useSearchParams();
  const offered = SALES_TABS.filter((tab) => tab !== 'orders' || ordersTab);
  const tab = tabFromParam(params.get('tab'), offered);
  const [filter, setFilter] = useState<SalesFilter>(() => defaultSalesFilter(new Date(), timeZone));
  const stores = useSalesStores(customerId);
  const ids = tabIds('sales', tab);
  const problems = salesFilterProblems(filter);
  const rangeOk = !problems.range;

  const setTab = (next: SalesTab) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  };

  let panel: ReactNode;
  switch (tab) {
    case 'orders':
      panel = ordersTab?.(rangeOk ? { startDate: filter.startDate, endDate: filter.endDate, storeId: filter.storeId } : null);
      break;
    case 'transactions':
      panel = <SalesTransactions customerId={customerId} filter={filter} format={format} />;
      break;
    case 'notes':
      panel = <SalesNotesPanel customerId={customerId} format={format} />;
      break;
    default:
      panel = <SalesStatistic customerId={customerId} retailerName={retailerName} filter={filter} format={format} />;
  }

  return (
    <div>
      <PageHeader title={t('sales.title')} description={t('sales.description', { retailer: retailerName })} />
      <div className="space-y-6">
        <Tabs
          tabs={offered.map((id) => ({ id, label: t(`sales.tabs.${id}`) }))}
          value={tab}
          onChange={setTab}
          label={t('sales.tabs.label')}
          idPrefix="sales"
        />
        {tab !== 'notes' ? (
          <FiltersCard title={t('sales.filters.title')}>
            <SalesFilters
              filter={filter}
              onChange={setFilter}
              stores={stores.data?.items}
              today={today}
              showGroupBy={tab === 'statistic'}
              showEan={tab !== 'orders'}
            />
          </FiltersCard>
        ) : null}
        <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} tabIndex={0} className="focus:outline-none">
          <Suspense fallback={<FullPageSpinner label={t('sales.loading')} />}>{panel}</Suspense>
        </div>
      </div>
    </div>
  );
}
