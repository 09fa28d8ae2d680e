import type { SalesAnswer, SalesGroupBy } from '@portal/core/sales';
import { useT } from '../../i18n/index.ts';
import { groupText, isTimeGrouping, type SalesFormat } from '../../lib/sales-format.ts';
import { formatCents, formatNumber, numberFormat } from '../../lib/user-format.ts';
import { Card } from '../ui/card.tsx';
import { BarChart, type BarDatum } from './bar-chart.tsx';
import { type Measure, MeasureSwitch, Total } from './sales-figures.tsx';

/**
 * The chart card both sales screens draw: a bar per group of the amount or the quantity (time groups as
 * columns, stores and products as rows), with the switch between the two.
 */
/** A sales answer as a screen shows it: its grouping and the measure the chart draws (switched by the user). */
export type SalesView = { answer: SalesAnswer; groupBy: SalesGroupBy; measure: Measure; onMeasure: (m: Measure) => void };

type SalesCatalogue = 'sales' | 'connectSales';
/** The measure switch's radio group name per screen, unique on the page. */
const MEASURE_SWITCH_NAME = { sales: 'sales-measure', connectSales: 'connect-sales-measure' } as const satisfies Record<
  SalesCatalogue,
  string
>;

export function SalesChart({
  answer,
  groupBy,
  measure,
  onMeasure,
  format,
  catalogue,
}: SalesView & {
  format: SalesFormat;
  /** Whose texts: the ordering portal's Sales or connect's (the same keys in both catalogues). */
  catalogue: SalesCatalogue;
}) {
  const t = useT();
  const group = t(`${catalogue}.groupBy.${groupBy}`);
  const weekOf = (date: string) => t(`${catalogue}.table.weekOf`, { date });
  const data: BarDatum[] = answer.sales.map((g) => ({
    key: g.key,
    label: groupText(g, groupBy, format.locale, weekOf),
    shortLabel: groupText(g, groupBy, format.locale, weekOf, true),
    value: measure === 'amount' ? g.amountCents / 100 : g.quantity,
    valueText: measure === 'amount' ? formatCents(g.amountCents, format) : formatNumber(g.quantity, format.locale),
  }));
  const top = data.reduce((best, d) => (d.value > best.value ? d : best), data[0]!);
  const compact = numberFormat(format.locale, { notation: 'compact', maximumFractionDigits: 1 });
  return (
    <Card className="p-4 sm:p-5">
      <BarChart
        title={t(`${catalogue}.chart.title`, { measure: t(`${catalogue}.chart.${measure}`), group })}
        summary={t(`${catalogue}.chart.summary`, { count: data.length, group: top.label, value: top.valueText })}
        data={data}
        orientation={isTimeGrouping(groupBy) ? 'columns' : 'rows'}
        integer={measure === 'quantity'}
        formatTick={(v) => compact.format(v)}
        valueAxisLabel={
          measure === 'amount'
            ? t(`${catalogue}.chart.axisAmount`, { currency: format.currency.symbol || format.currency.isoCode })
            : t(`${catalogue}.chart.axisQuantity`)
        }
        categoryAxisLabel={group}
        actions={
          <MeasureSwitch
            value={measure}
            onChange={onMeasure}
            name={MEASURE_SWITCH_NAME[catalogue]}
            texts={{
              legend: t(`${catalogue}.chart.measure`),
              amount: t(`${catalogue}.chart.amount`),
              quantity: t(`${catalogue}.chart.quantity`),
            }}
          />
        }
      />
    </Card>
  );
}

/**
 * What both sales screens draw above their groups table: the totals (amount, quantity, groups; the amount
 * first on phones) and the chart. Connect lists the amount first among the totals; the ordering portal's
 * lists the quantity first.
 */
export function SalesFigures(props: Parameters<typeof SalesChart>[0]) {
  const { answer, groupBy, format, catalogue, ...chart } = props;
  const amountFirst = catalogue === 'connectSales';
  const t = useT();
  const amount = (
    <Total
      key="amount"
      className="order-first col-span-2 sm:order-none sm:col-span-1"
      label={t(`${catalogue}.totals.amount`)}
      value={formatCents(answer.totalSales.amountCents, format)}
    />
  );
  const quantity = (
    <Total key="quantity" label={t(`${catalogue}.totals.quantity`)} value={formatNumber(answer.totalSales.quantity, format.locale)} />
  );
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {amountFirst ? [amount, quantity] : [quantity, amount]}
        <Total
          label={t(`${catalogue}.totals.resultCount`, { group: t(`${catalogue}.groupBy.${groupBy}`) })}
          value={formatNumber(answer.resultCount, format.locale)}
        />
      </dl>
      <SalesChart answer={answer} groupBy={groupBy} format={format} catalogue={catalogue} {...chart} />
    </>
  );
}
