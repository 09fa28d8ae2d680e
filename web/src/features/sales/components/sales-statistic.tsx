import type { SalesAnswer } from '@portal/core/sales';
import { SalesFigures, type SalesView } from '../../../components/chart/sales-chart.tsx';
import { type Measure } from '../../../components/chart/sales-figures.tsx';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { useT } from '../../../i18n/index.ts';
import { downloadCsv, salesCsv, salesCsvFileName } from '../model/csv.ts';
import { type SalesFormat } from '../../../lib/sales-format.ts';
import { type SalesFilter, salesQuery } from '../model/sales-filter.ts';
import { salesTable } from '../model/sales-table.ts';
import { useSales } from '../api/sales.ts';
import { SalesQueryState } from './sales-query-state.tsx';

/** Time groupings list every period, zeros included: nothing sold in any of them is the empty state. */
const hasSales = (answer: SalesAnswer) => answer.sales.some((g) => g.quantity !== 0 || g.amountCents !== 0);

/** The 'Sales statistic' header: totals, a bar chart (amount or quantity), the groups table and CSV. */
export function SalesStatistic({
  customerId,
  retailerName,
  filter,
  format,
}: {
  customerId: string;
  retailerName: string;
  filter: SalesFilter;
  format: SalesFormat;
}) {
  const query = salesQuery(customerId, filter);
  const sales = useSales(query);
  const { isValidating } = sales;
  const [measure, setMeasure] = useState<Measure>('amount');

  return (
    <SalesQueryState result={sales} idle={!query} isEmpty={(data) => !hasSales(data.answer)}>
      {({ query: shown, answer }) => (
        <StatisticView
          answer={answer}
          groupBy={shown.groupBy}
          busy={isValidating}
          measure={measure}
          onMeasure={setMeasure}
          format={format}
          fileName={salesCsvFileName({
            retailer: retailerName,
            startDate: shown.startDate,
            endDate: shown.endDate,
            groupBy: shown.groupBy,
            ...(shown.storeId ? { storeId: shown.storeId } : {}),
            ...(shown.ean ? { ean: shown.ean } : {}),
          })}
        />
      )}
    </SalesQueryState>
  );
}

function StatisticView({
  answer,
  groupBy,
  busy,
  measure,
  onMeasure,
  format,
  fileName,
}: SalesView & { busy: boolean; format: SalesFormat; fileName: string }) {
  const t = useT();
  const groupName = t(`sales.groupBy.${groupBy}`);
  const weekOf = (date: string) => t('sales.table.weekOf', { date });
  const table = salesTable(answer, groupBy, format, {
    group: groupName,
    id: t('sales.table.id'),
    customerStoreId: t('sales.table.customerStoreId'),
    quantity: t('sales.table.quantity'),
    amount: t('sales.table.amount'),
    weekOf,
  });
  const exportCsv = async () =>
    downloadCsv(
      fileName,
      await salesCsv(answer, groupBy, format.currency, {
        group: groupBy === 'week' ? t('sales.table.weekStarting') : groupName,
        id: table.header[1]!,
        quantity: table.header.at(-2)!,
        amount: table.header.at(-1)!,
        currency: t('sales.table.currency'),
      }),
    );
  const columns: Column<string[]>[] = table.header.map((header, i) => ({
    key: String(i),
    header,
    align: i >= table.header.length - 2 ? 'end' : 'start',
    nowrap: i !== 0,
    cell: (row) => row[i],
  }));

  return (
    <div className="space-y-6">
      <SalesFigures answer={answer} groupBy={groupBy} measure={measure} onMeasure={onMeasure} format={format} catalogue="sales" />

      <section className="space-y-3" aria-labelledby="sales-table-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="sales-table-title" className="text-lg font-semibold text-slate-900">
            {t('sales.table.title', { group: groupName })}
          </h2>
          <Button theme="secondary" onClick={() => void exportCsv()} disabled={busy}>
            <DownloadIcon className="size-4" />
            {t('sales.table.export')}
          </Button>
        </div>
        <DataTable
          caption={t('sales.table.title', { group: groupName })}
          columns={columns}
          rows={table.rows}
          rowKey={(row) => `${row[0]}|${table.hasId ? row[1] : ''}`}
          busy={busy}
        />
      </section>
    </div>
  );
}
