import type { MasterData } from '@portal/core/masterdata';
import { SalesFigures, type SalesView } from '../../../components/chart/sales-chart.tsx';
import { type Measure } from '../../../components/chart/sales-figures.tsx';
import type { SalesAnswer, SalesGroupBy } from '@portal/core/sales';
import { type ReactNode, useEffect, useState } from 'react';
import { FiltersCard, PageHeader } from '../../../components/ui/card.tsx';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { DateRangeField, presetOptions } from '../../../components/ui/date-range-field.tsx';
import { ChartIcon } from '../../../components/ui/icons.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';
import { tabIds, Tabs } from '../../../components/ui/tabs.tsx';
import { useT } from '../../../i18n/index.ts';
import { preferredCustomer, useCustomerMemory } from '../../../lib/customer-memory.ts';
import { groupText } from '../../../lib/sales-format.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { formatCents, formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { useConnectSales, useMasterData } from '../api/connect-sales.ts';
import {
  type ConnectSalesFilter,
  connectSalesFilterFrom,
  connectSalesFilterParams,
  type ConnectSalesParams,
  connectSalesQuery,
  customerValue,
  parseCustomer,
  RANGE_PRESETS,
  type RangePreset,
  rangeOf,
  rangeProblem,
  SALES_GROUP_BY,
  SALES_MAX_RANGE_DAYS,
} from '../model/connect-sales-filter.ts';

/** The picker's customers: retailers, then content providers (an id may be both: two entries). */
function customerOptions(data: MasterData | undefined, t: ReturnType<typeof useT>) {
  if (!data) return [];
  return [
    ...data.retailers.map((c) => ({
      value: customerValue('retailer', c.customerId),
      label: `${c.name} · ${t('connectSales.customerType.retailer')}`,
    })),
    ...data.providers.map((c) => ({
      value: customerValue('provider', c.customerId),
      label: `${c.name} · ${t('connectSales.customerType.provider')}`,
    })),
  ];
}

/**
 * /connect/sales (ADR 037): a retailer's or a content provider's sales by day, week,
 * month, product or store, with totals, a bar chart, the groups table and (composed by the route) the
 * export. The filter lives in the URL; the first customer of the master data is preselected.
 */
export function ConnectSalesScreen({ exportPanel }: { exportPanel?: (query: ConnectSalesParams) => ReactNode }) {
  const t = useT();
  const format = useUserFormat();
  const masterData = useMasterData();
  const customers = customerOptions(masterData.data, t);
  // Without a customer in the URL: the only one or the one the user chose last (lib/customer-memory.ts, one
  // memory for the connect sections), else the first listed; filled into the URL once known (ADR 057).
  const { remembered, remember } = useCustomerMemory();
  const idOf = (option: { value: string }) => parseCustomer(option.value)?.customerId ?? '';
  const startCustomer = (preferredCustomer(customers, remembered, idOf) ?? customers[0])?.value;
  const [params, write] = useUrlState({ defaults: { customer: startCustomer } });
  const filter = connectSalesFilterFrom(params, format.today());
  const update = (next: Partial<ConnectSalesFilter>) =>
    write((current) => {
      const now = connectSalesFilterFrom(current, format.today());
      return connectSalesFilterParams({ ...now, customer: now.customer || filter.customer, ...next });
    });
  const chosenId = customers.some((c) => c.value === filter.customer) ? idOf({ value: filter.customer }) : '';
  useEffect(() => {
    if (chosenId) remember(chosenId);
  }, [chosenId, remember]);

  const problem = rangeProblem(filter);
  const query = connectSalesQuery(filter);
  const sales = useConnectSales(query);
  const [measure, setMeasure] = useState<Measure>('amount');
  const ids = tabIds('connect-sales', filter.groupBy);
  const presets: SelectOption<RangePreset>[] = presetOptions(RANGE_PRESETS, filter.preset, (p) => t(`connectSales.presets.${p}`));

  return (
    <div>
      <PageHeader title={t('connectSales.title')} description={t('connectSales.description')} />
      <div className="space-y-6">
        <FiltersCard title={t('connectSales.filters.title')}>
          <div className="grid gap-4 lg:grid-cols-[minmax(14rem,1fr)_2fr]">
            <SelectField
              label={t('connectSales.filters.customer')}
              value={filter.customer}
              options={customers.length ? customers : [{ value: '', label: t('connectSales.filters.noCustomers') }]}
              onValueChange={(customer) => update({ customer })}
              disabled={customers.length === 0}
            />
            <DateRangeField
              presets={presets}
              preset={filter.preset}
              onPresetChange={(preset) => {
                const dates = rangeOf(preset, format.today());
                if (dates) update({ preset, startDate: dates[0], endDate: dates[1] });
              }}
              value={{ from: filter.startDate, to: filter.endDate }}
              onChange={({ from, to }) => update({ preset: 'custom', startDate: from, endDate: to })}
              error={problem ? t(`connectSales.errors.${problem}`, { count: SALES_MAX_RANGE_DAYS }) : undefined}
            />
          </div>
        </FiltersCard>
        <Tabs
          tabs={SALES_GROUP_BY.map((id) => ({ id, label: t(`connectSales.groupBy.${id}`) }))}
          value={filter.groupBy}
          onChange={(groupBy: SalesGroupBy) => update({ groupBy })}
          label={t('connectSales.groupBy.label')}
          idPrefix="connect-sales"
        />
        <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} tabIndex={0} className="space-y-6 focus:outline-none">
          <QueryState
            result={sales}
            idle={!query}
            failedMessage={t('connectSales.loadFailed')}
            retryLabel={t('connectSales.retry')}
            loadingLabel={t('connectSales.loading')}
            isEmpty={(data) => !data.answer.sales.some((g) => g.quantity !== 0 || g.amountCents !== 0)}
            empty={{ icon: <ChartIcon className="size-6" />, title: t('connectSales.empty.title'), text: t('connectSales.empty.text') }}
          >
            {({ query: shown, answer }) => (
              <StatisticView answer={answer} groupBy={shown.groupBy} busy={sales.isValidating} measure={measure} onMeasure={setMeasure} />
            )}
          </QueryState>
          {query && exportPanel ? exportPanel(query) : null}
        </div>
      </div>
    </div>
  );
}

type Row = SalesAnswer['sales'][number];

function StatisticView({ answer, groupBy, busy, measure, onMeasure }: SalesView & { busy: boolean }) {
  const t = useT();
  const format = useUserFormat();
  const groupName = t(`connectSales.groupBy.${groupBy}`);
  const weekOf = (date: string) => t('connectSales.table.weekOf', { date });
  const text = (g: Row, short = false) => groupText(g, groupBy, format.locale, weekOf, short);
  const money = (cents: number) => formatCents(cents, format);
  const idColumn: Column<Row>[] =
    groupBy === 'store'
      ? [{ key: 'id', header: t('connectSales.table.customerStoreId'), nowrap: true, cell: (g) => g.customerStoreId ?? '—' }]
      : groupBy === 'product'
        ? [{ key: 'id', header: t('connectSales.table.id'), nowrap: true, cell: (g) => g.key }]
        : [];
  const columns: Column<Row>[] = [
    { key: 'group', header: groupName, cell: (g) => text(g) },
    ...idColumn,
    {
      key: 'quantity',
      header: t('connectSales.table.quantity'),
      align: 'end',
      nowrap: true,
      cell: (g) => formatNumber(g.quantity, format.locale),
    },
    { key: 'amount', header: t('connectSales.table.amount'), align: 'end', nowrap: true, cell: (g) => money(g.amountCents) },
  ];
  const footer = (
    <tr>
      <th scope="row" colSpan={1 + idColumn.length} className="px-4 py-2.5 text-left text-slate-900">
        {t('connectSales.table.total')}
      </th>
      <td className="px-4 py-2.5 text-right tabular-nums text-slate-900">{formatNumber(answer.totalSales.quantity, format.locale)}</td>
      <td className="px-4 py-2.5 text-right tabular-nums text-slate-900">{money(answer.totalSales.amountCents)}</td>
    </tr>
  );

  return (
    <div className="space-y-6">
      <SalesFigures answer={answer} groupBy={groupBy} measure={measure} onMeasure={onMeasure} format={format} catalogue="connectSales" />
      <section className="space-y-3" aria-labelledby="connect-sales-table-title">
        <h2 id="connect-sales-table-title" className="text-lg font-semibold text-slate-900">
          {t('connectSales.table.title', { group: groupName })}
        </h2>
        <DataTable
          caption={t('connectSales.table.title', { group: groupName })}
          columns={columns}
          rows={answer.sales}
          rowKey={(g) => g.key}
          busy={busy}
          footer={footer}
        />
      </section>
    </div>
  );
}
