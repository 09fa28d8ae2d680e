import type { Column } from '../../../components/ui/data-table.tsx';
import type { Translate } from '../../../i18n/index.ts';
import { formatNumber } from '../../../lib/user-format.ts';

/** The ordered and shipped quantity columns an order and its positions both show, right-aligned. */
export function quantityColumns<T extends { quantityOrdered: number; quantityShipped: number }>(t: Translate, locale: string): Column<T>[] {
  return [
    {
      key: 'quantityOrdered',
      header: t('orders.columns.quantityOrdered'),
      align: 'end',
      cell: (r) => formatNumber(r.quantityOrdered, locale),
    },
    {
      key: 'quantityShipped',
      header: t('orders.columns.quantityShipped'),
      align: 'end',
      cell: (r) => formatNumber(r.quantityShipped, locale),
    },
  ];
}
