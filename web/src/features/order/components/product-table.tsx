import type { KeyboardEvent } from 'react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { NUMERIC_COLUMNS, type ProductColumn, type SortState } from '../model/product-table.ts';
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

/** A heading this short stays on one line and keeps its column narrow, wrapping or not (a brand's "MSRP", ADR 089). */
const SHORT_HEADER = 12;

const QUANTITY = '[data-quantity-input]';

/** ArrowDown/Enter and ArrowUp move between the quantity fields, like a column of a spreadsheet. */
function moveBetweenQuantities(e: KeyboardEvent<HTMLElement>) {
  const input = e.target;
  if (!(input instanceof HTMLInputElement) || !input.matches(QUANTITY)) return;
  const step = e.key === 'ArrowDown' || e.key === 'Enter' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
  if (step === 0) return;
  const all = [...e.currentTarget.querySelectorAll<HTMLInputElement>(QUANTITY)];
  const next = all[all.indexOf(input) + step];
  if (!next) return;
  e.preventDefault();
  next.focus();
}

/**
 * The products table from 768 px on (ADR 017). The name stays in view on the left, the
 * suggested quantity and the order quantity on the right; the chosen figures between them scroll
 * sideways, and the header stays on top while the rows scroll (the table scrolls in its own box, as tall
 * as the screen leaves above the summary bar). Headers sort (asc, desc, off). Keyboard: 'Skip to order
 * quantities' jumps over the sortable headers to the first quantity field, and ArrowUp/ArrowDown/Enter
 * move between the quantity fields.
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
  labelOf,
}: ProductListProps & {
  sort: SortState | null;
  onSort: (column: ProductColumn) => void;
}) {
  const t = useT();
  const body = useRef<HTMLTableSectionElement>(null);
  const figures = columns.filter((c) => c !== 'name' && c !== 'suggestedQuantity');
  const header = (column: ProductColumn, className: string) => {
    const active = sort?.column === column;
    const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
    return (
      <th key={column} scope="col" aria-sort={ariaSort} className={`sticky top-0 bg-slate-50 ${className}`}>
        <button
          type="button"
          onClick={() => onSort(column)}
          className={`group inline-flex items-center gap-1 rounded font-semibold hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 ${NUMERIC_COLUMNS.has(column) ? 'flex-row-reverse text-right' : 'text-left'}`}
        >
          <span>{labelOf(column)}</span>
          <span aria-hidden="true" className={active ? 'text-brand-600' : 'text-slate-300 group-hover:text-slate-400'}>
            {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };
  return (
    <div className="relative">
      <a
        href="#order-quantities"
        onClick={(e) => {
          e.preventDefault();
          body.current?.querySelector<HTMLInputElement>(QUANTITY)?.focus();
        }}
        className="sr-only rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-20"
      >
        {t('order.products.skipToQuantities')}
      </a>
      <div
        className="max-h-[calc(100dvh-12rem)] overflow-auto overscroll-x-contain rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        data-testid="product-table-scroller"
      >
        <table className="min-w-full border-separate border-spacing-0 text-sm" aria-label={t('order.products.tableLabel')}>
          <thead className="text-xs text-slate-600">
            <tr>
              {header('name', 'left-0 z-[3] min-w-48 border-b border-r border-slate-200 px-4 py-3 text-left align-bottom')}
              {figures.map((c) =>
                header(
                  c,
                  `z-[2] border-b border-slate-200 px-3 py-3 align-bottom ${NUMERIC_COLUMNS.has(c) ? 'text-right' : 'text-left'} ${WRAPPING_HEADERS.has(c) && labelOf(c).length > SHORT_HEADER ? 'min-w-28' : 'whitespace-nowrap'}`,
                ),
              )}
              {header(
                'suggestedQuantity',
                'right-32 z-[3] w-28 min-w-28 border-b border-l border-slate-200 px-3 py-3 text-right align-bottom',
              )}
              <th
                scope="col"
                className="sticky right-0 top-0 z-[3] w-32 min-w-32 border-b border-slate-200 bg-slate-50 px-3 py-3 text-right align-bottom font-semibold"
              >
                {t('order.products.quantity')}
              </th>
            </tr>
          </thead>
          <tbody id="order-quantities" ref={body} onKeyDown={moveBetweenQuantities}>
            {rows.map((row) => {
              const line = basket.find((l) => l.product.id === row.id);
              const rowBg = line ? 'bg-brand-50' : 'bg-white group-hover:bg-slate-50';
              return (
                <tr key={row.id} className={`group ${line ? 'bg-brand-50/40' : ''}`}>
                  <th
                    scope="row"
                    className={`sticky left-0 z-[1] border-b border-r border-slate-100 px-4 py-2.5 text-left align-top font-normal ${rowBg}`}
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
                      className={`whitespace-nowrap border-b border-slate-100 px-3 py-2.5 align-top tabular-nums text-slate-700 group-hover:bg-slate-50/60 ${NUMERIC_COLUMNS.has(c) ? 'text-right' : 'text-left'}`}
                    >
                      <ProductCell column={c} row={row} ctx={ctx} />
                    </td>
                  ))}
                  <td
                    className={`sticky right-32 z-[1] w-28 whitespace-nowrap border-b border-l border-slate-100 px-3 py-2.5 text-right align-top font-semibold tabular-nums text-slate-900 ${rowBg}`}
                  >
                    <ProductCell column="suggestedQuantity" row={row} ctx={ctx} />
                  </td>
                  <td className={`sticky right-0 z-[1] w-32 border-b border-slate-100 px-3 py-2 align-top ${rowBg}`}>
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
    </div>
  );
}
