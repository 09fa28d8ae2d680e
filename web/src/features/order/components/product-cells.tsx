import type { ProductRow } from '@portal/core/ordering';
import { Badge } from '../../../components/ui/badge.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatCalendarDay, formatCents, formatNumber } from '../../../lib/user-format.ts';
import type { OrderBasket } from '../model/order-draft.ts';
import type { ProductColumn } from '../model/product-table.ts';
import type { OrderContext } from '../model/use-order-context.ts';

/** What both views of the products step (table from 768 px, cards below) are given. */
export interface ProductListProps {
  rows: readonly ProductRow[];
  columns: readonly ProductColumn[];
  basket: OrderBasket;
  onQuantity: (product: ProductRow, text: string) => void;
  locationId: string;
  ctx: Pick<OrderContext, 'locale' | 'currency'>;
  /** A column's heading (product-table.ts columnLabel: the brand's price label, ADR 089). */
  labelOf: (column: ProductColumn) => string;
}

/** One figure of a product row, formatted in the user's locale and currency; '—' when unknown. */
export function ProductCell({
  column,
  row,
  ctx,
}: {
  column: ProductColumn;
  row: ProductRow;
  ctx: Pick<OrderContext, 'locale' | 'currency'>;
}) {
  const t = useT();
  const none = <span className="text-slate-400">{t('order.none')}</span>;
  const n = (value: number, digits = 0) => formatNumber(value, ctx.locale, digits);
  switch (column) {
    case 'bundleSize':
    case 'packagingUnit':
    case 'salesLast4Weeks':
    case 'salesSinceLastOrder':
    case 'suggestedQuantity':
      return <>{n(row[column])}</>;
    case 'averagePerMonth':
      return <>{n(row.averagePerMonth, 1)}</>;
    case 'calculatedSince':
      return row.calculatedSince ? <>{formatCalendarDay(row.calculatedSince, ctx.locale)}</> : none;
    case 'lastOrder':
      return row.lastOrder ? (
        <>
          {t('order.lastOrderValue', {
            date: formatCalendarDay(row.lastOrder.date, ctx.locale),
            qty: n(row.lastOrder.quantity),
          })}
        </>
      ) : (
        none
      );
    case 'stockWarning':
      return row.stockWarning ? <Badge theme="orange">{t('order.products.lowStock')}</Badge> : none;
    case 'airs':
      return row.airs ? (
        <Badge theme="blue" title={t('order.products.airsHint')}>
          {t('order.yes')}
        </Badge>
      ) : (
        <span className="text-slate-500">{t('order.no')}</span>
      );
    case 'singleItemAmountCents':
      return row.singleItemAmountCents == null ? none : <>{formatCents(row.singleItemAmountCents, ctx)}</>;
    case 'faceValueCents': {
      // The price in force, and its next scheduled change under it (ADR 089).
      const next = row.nextFaceValue;
      return (
        <>
          {row.faceValueCents == null ? none : formatCents(row.faceValueCents, ctx)}
          {next ? (
            <span className="block text-xs font-normal text-slate-500">
              <span className="block">{t('order.products.nextPriceFrom', { date: formatCalendarDay(next.from, ctx.locale) })}</span>
              <span className="block">{formatCents(next.cents, ctx)}</span>
            </span>
          ) : null}
        </>
      );
    }
    case 'couponType':
      return row.couponType ? <>{row.couponType}</> : none;
    default:
      return row[column] ? <>{row[column]}</> : none;
  }
}

/** 'Min 10 · Max 500 · PU 5'. */
export function limitsText(t: ReturnType<typeof useT>, row: ProductRow): string {
  return t('order.products.limits', {
    min: Math.max(1, row.minimum ?? 1),
    max: row.maximum ?? t('order.products.noMaximum'),
    pu: row.packagingUnit,
  });
}
