import { Link } from 'react-router-dom';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { COLUMN_LABELS, NUMERIC_COLUMNS, type ProductColumn, type SortState } from '../api/product-table.ts';
import { limitsText, ProductCell, type ProductListProps } from './product-cells.tsx';
import { QuantityInput } from './quantity-input.tsx';

/** Long headers wrap onto two lines instead of widening their column. */
const WRAPPING_HEADERS: ReadonlySet<ProductColumn> = new Set([
  'salesLast4Weeks',
  'salesSinceLastOrder',
  'averagePerMonth',
  'calculatedSince',
  'suggestedQuantity',
  'singleItemAmountCents',
  'faceValueCents',
]);

/**
 * The products table from 768 px on: the name column is sticky on the left, the order quantity sticky on
 * the right, the figures between them scroll horizontally. Headers sort (asc, desc, off).
 */
export function ProductTable({
  rows,
  columns,
  sort,
  onSort,
  basket,
  onQuantity,
  locationId,
  ctx,
}: ProductListProps & {
  sort: SortState | null;
  onSort: (column: ProductColumn) => void;
}) {
  const t = useT();
  const figures = columns.filter((c) => c !== 'name');
  const header = (column: ProductColumn, className: string) => {
    const active = sort?.column === column;
    const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
    return (
      <th key={column} scope="col" aria-sort={ariaSort} className={className}>
        <button
          type="button"
          onClick={() => onSort(column)}
          className={`group inline-flex items-center gap-1 rounded font-semibold hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 ${NUMERIC_COLUMNS.has(column) ? 'flex-row-reverse text-right' : 'text-left'}`}
        >
          <span>{t(COLUMN_LABELS[column])}</span>
          <span aria-hidden="true" className={active ? 'text-brand-600' : 'text-slate-300 group-hover:text-slate-400'}>
            {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full border-separate border-spacing-0 text-sm" aria-label={t('order.products.tableLabel')}>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            {header(
              'name',
              'sticky left-0 z-[1] min-w-56 border-b border-r border-slate-200 bg-slate-50 px-4 py-3 text-left align-bottom',
            )}
            {figures.map((c) =>
              header(
                c,
                `border-b border-slate-200 px-3 py-3 align-bottom ${NUMERIC_COLUMNS.has(c) ? 'text-right' : 'text-left'} ${WRAPPING_HEADERS.has(c) ? 'min-w-28' : 'whitespace-nowrap'}`,
              ),
            )}
            <th
              scope="col"
              className="sticky right-0 z-[1] min-w-36 border-b border-l border-slate-200 bg-slate-50 px-3 py-3 text-right align-bottom font-semibold"
            >
              {t('order.products.quantity')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const line = basket.find((l) => l.product.id === row.id);
            const qty = line?.qty ?? 0;
            return (
              <tr key={row.id} className={`group ${qty ? 'bg-brand-50/40' : ''}`}>
                <th
                  scope="row"
                  className={`sticky left-0 z-[1] border-b border-r border-slate-100 px-4 py-2.5 text-left align-top font-normal ${qty ? 'bg-brand-50' : 'bg-white group-hover:bg-slate-50'}`}
                >
                  <Link
                    to={paths.app.order.product(locationId, row.id)}
                    className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {row.name}
                  </Link>
                  <span className="block text-xs text-slate-500">{limitsText(t, row)}</span>
                </th>
                {figures.map((c) => (
                  <td
                    key={c}
                    className={`border-b border-slate-100 px-3 py-2.5 align-top tabular-nums text-slate-700 group-hover:bg-slate-50/60 ${NUMERIC_COLUMNS.has(c) ? 'text-right' : 'text-left'} ${c === 'suggestedQuantity' ? 'font-semibold text-slate-900' : ''} whitespace-nowrap`}
                  >
                    <ProductCell column={c} row={row} ctx={ctx} />
                  </td>
                ))}
                <td
                  className={`sticky right-0 z-[1] border-b border-l border-slate-100 px-3 py-2 align-top ${qty ? 'bg-brand-50' : 'bg-white group-hover:bg-slate-50'}`}
                >
                  <QuantityInput
                    product={row}
                    line={line}
                    onChange={(text) => onQuantity(row, text)}
                    label={t('order.products.quantityFor', { name: row.name })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
