import type { SalesAnswer, SalesGroupBy } from '@portal/core/sales';
import { groupText, isTimeGrouping, type SalesFormat } from '../../lib/sales-format.ts';
import { formatCents, formatNumber } from '../../lib/user-format.ts';
import { Card } from '../ui/card.tsx';
import { BarChart, type BarDatum } from './bar-chart.tsx';
import { type Measure, MeasureSwitch } from './sales-figures.tsx';

/** A sales chart's texts in the screen's own words. */
export interface SalesChartTexts {
  title: string;
  /** The chart's summary for screen readers: how many bars, and the highest one. */
  summary: (top: { count: number; group: string; value: string }) => string;
  valueAxis: string;
  /** The grouping's name (the category axis). */
  group: string;
  weekOf: (date: string) => string;
  measure: { legend: string; amount: string; quantity: string };
}

/**
 * The chart card both sales screens draw: a bar per group of the amount or the quantity (time groups as
 * columns, stores and products as rows), with the switch between the two.
 */
export function SalesChart({
  answer,
  groupBy,
  measure,
  onMeasure,
  format,
  name,
  texts,
}: {
  answer: SalesAnswer;
  groupBy: SalesGroupBy;
  measure: Measure;
  onMeasure: (m: Measure) => void;
  format: SalesFormat;
  /** The measure switch's radio group name, unique on the page. */
  name: string;
  texts: SalesChartTexts;
}) {
  const data: BarDatum[] = answer.sales.map((g) => ({
    key: g.key,
    label: groupText(g, groupBy, format.locale, texts.weekOf),
    shortLabel: groupText(g, groupBy, format.locale, texts.weekOf, true),
    value: measure === 'amount' ? g.amountCents / 100 : g.quantity,
    valueText: measure === 'amount' ? formatCents(g.amountCents, format) : formatNumber(g.quantity, format.locale),
  }));
  const top = data.reduce((best, d) => (d.value > best.value ? d : best), data[0]!);
  const compact = new Intl.NumberFormat(format.locale, { notation: 'compact', maximumFractionDigits: 1 });
  return (
    <Card className="p-4 sm:p-5">
      <BarChart
        title={texts.title}
        summary={texts.summary({ count: data.length, group: top.label, value: top.valueText })}
        data={data}
        orientation={isTimeGrouping(groupBy) ? 'columns' : 'rows'}
        integer={measure === 'quantity'}
        formatTick={(v) => compact.format(v)}
        valueAxisLabel={texts.valueAxis}
        categoryAxisLabel={texts.group}
        actions={<MeasureSwitch value={measure} onChange={onMeasure} name={name} texts={texts.measure} />}
      />
    </Card>
  );
}
