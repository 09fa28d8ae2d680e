import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import type { ProductColumn } from '../model/product-table.ts';
import { limitsText, ProductCell, type ProductListProps } from './product-cells.tsx';
import { QuantityInput } from './quantity-input.tsx';

/** The figures a phone card shows at a glance; every other one is on the product page ('Show all figures'). */
const CARD_FIGURES: ProductColumn[] = ['suggestedQuantity', 'salesLast4Weeks', 'lastOrder', 'packagingUnit'];
/** Where the brand names its price (ADR 089), it takes the packaging unit's place (the PU is in the limits line too). */
const PRICED_CARD_FIGURES: ProductColumn[] = ['suggestedQuantity', 'salesLast4Weeks', 'lastOrder', 'faceValueCents'];

/**
 * The products step below 768 px: one card per product with its key figures and the quantity entry
 * (a table with 19 columns is not usable at 375 px).
 */
export function ProductCards({
  rows,
  columns,
  basket,
  onQuantity,
  locationId,
  ctx,
  labelOf,
  priced,
}: ProductListProps & { priced: boolean }) {
  const t = useT();
  const figures = priced ? PRICED_CARD_FIGURES : CARD_FIGURES;
  const showStock = columns.includes('stockWarning');
  const showAirs = columns.includes('airs');
  return (
    <ul className="space-y-3" aria-label={t('order.products.tableLabel')}>
      {rows.map((row) => {
        const line = basket.find((l) => l.product.id === row.id);
        return (
          <li key={row.id} className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ${line ? 'ring-brand-300' : 'ring-slate-200'}`}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link
                  to={paths.app.order.product(locationId, row.id)}
                  className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {row.name}
                </Link>
                <p className="mt-0.5 truncate text-xs text-slate-500">
                  {row.company} · {t('order.columns.ean')} {row.ean}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                {showStock && row.stockWarning ? <Badge theme="orange">{t('order.products.lowStock')}</Badge> : null}
                {showAirs && row.airs ? (
                  <Badge theme="blue" title={t('order.products.airsHint')}>
                    {t('order.columns.airs')}
                  </Badge>
                ) : null}
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {figures.map((c) => (
                <div key={c} className="min-w-0">
                  <dt className="truncate text-xs text-slate-500">{labelOf(c)}</dt>
                  <dd className={`tabular-nums ${c === 'suggestedQuantity' ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>
                    <ProductCell column={c} row={row} ctx={ctx} />
                  </dd>
                </div>
              ))}
            </dl>
            <div className="mt-3 flex items-end gap-3 border-t border-slate-100 pt-3">
              <div className="min-w-0 flex-1">
                <p className="text-xs text-slate-500">{limitsText(t, row)}</p>
                <Link to={paths.app.order.product(locationId, row.id)} className="text-xs font-medium text-brand-700 hover:underline">
                  {t('order.products.details')}
                </Link>
              </div>
              <div className="w-32">
                <QuantityInput
                  product={row}
                  line={line}
                  onChange={(text) => onQuantity(row, text)}
                  label={t('order.products.quantityFor', { name: row.name })}
                  size="lg"
                />
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
