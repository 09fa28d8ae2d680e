import type { SalesAnswer, SalesGroupBy } from '@portal/core/sales';
import { formatCents, formatNumber } from '../../../lib/user-format.ts';
import { groupText, type SalesFormat } from '../../../lib/sales-format.ts';

/**
 * The statistic's table as texts, exactly as the screen shows it (the CSV holds the same groups as data:
 * csv.ts). Stores get their customer store ID beside their name (the id users know them by, not the
 * internal key), products their id.
 */
export interface SalesTableLabels {
  group: string;
  id: string;
  customerStoreId: string;
  quantity: string;
  amount: string;
  weekOf: (day: string) => string;
}

export interface SalesTable {
  header: string[];
  rows: string[][];
  /** Whether the second column is the group's id. */
  hasId: boolean;
}

export function salesTable(
  answer: Pick<SalesAnswer, 'sales'>,
  groupBy: SalesGroupBy,
  format: SalesFormat,
  labels: SalesTableLabels,
): SalesTable {
  const hasId = groupBy === 'store' || groupBy === 'product';
  const header = hasId
    ? [labels.group, groupBy === 'store' ? labels.customerStoreId : labels.id, labels.quantity, labels.amount]
    : [labels.group, labels.quantity, labels.amount];
  const rows = answer.sales.map((group) => {
    const text = groupText(group, groupBy, format.locale, labels.weekOf);
    const figures = [formatNumber(group.quantity, format.locale), formatCents(group.amountCents, format)];
    const id = groupBy === 'store' ? (group.customerStoreId ?? '—') : group.key;
    return hasId ? [text, id, ...figures] : [text, ...figures];
  });
  return { header, rows, hasId };
}
