import type { ReactNode } from 'react';
import { useWideScreen } from '../../lib/use-media-query.ts';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** The column's name on a phone's card, where `header` is not plain text (e.g. it carries a sort arrow). */
  label?: string;
  cell: (row: T) => ReactNode;
  /** Numbers are right-aligned with tabular figures. */
  align?: 'start' | 'end';
  /** Keep the cell on one line. */
  nowrap?: boolean;
}

/** Tables with more columns than this become a list of cards below 640 px (ADR 092). */
const CARD_COLUMNS_ABOVE = 3;

/**
 * A plain, accessible data table (caption, column headers) inside a card. On a phone (below `sm`, 640 px) a
 * table of more than three columns shows each row as a card of label/value lines instead of scrolling
 * sideways (ADR 092): the same elements restyled, so the data, the actions and the tests stay one; the
 * explicit table roles keep the table's semantics where `display: block` would drop them.
 */
export interface DataTableProps<T> {
  caption: string;
  captionHidden?: boolean;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  busy?: boolean;
  footer?: ReactNode;
}

export function DataTable<T>({ caption, captionHidden = true, columns, rows, rowKey, busy = false, footer }: DataTableProps<T>) {
  const cards = columns.length > CARD_COLUMNS_ABOVE;
  const onPhone = (classes: string) => (cards ? classes : '');
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className={cards ? 'sm:overflow-x-auto' : 'overflow-x-auto'} tabIndex={0} role="region" aria-label={caption}>
        <table
          role="table"
          aria-busy={busy || undefined}
          className={`min-w-full divide-y divide-slate-200 text-sm transition-opacity ${onPhone('max-sm:block')} ${busy ? 'opacity-60' : ''}`}
        >
          <caption className={captionHidden ? 'sr-only' : 'px-4 pt-4 text-left font-semibold text-slate-900'}>{caption}</caption>
          <thead role="rowgroup" className={`bg-slate-50 ${onPhone('max-sm:sr-only')}`}>
            <tr role="row">
              {columns.map((c) => (
                <th
                  key={c.key}
                  role="columnheader"
                  scope="col"
                  className={`px-4 py-2.5 align-bottom text-xs font-semibold uppercase tracking-wide text-slate-600 ${c.align === 'end' ? 'text-right' : 'text-left'}`}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className={`divide-y divide-slate-100 ${onPhone('max-sm:block')}`}>
            {rows.map((row) => (
              <tr key={rowKey(row)} role="row" className={`hover:bg-slate-50 ${onPhone('max-sm:block max-sm:px-4 max-sm:py-3')}`}>
                {columns.map((c) => (
                  <td
                    key={c.key}
                    role="cell"
                    data-label={cards ? (c.label ?? (typeof c.header === 'string' ? c.header : undefined)) : undefined}
                    className={[
                      'px-4 py-2.5 text-slate-800',
                      c.align === 'end' ? 'text-right tabular-nums' : 'text-left',
                      c.nowrap ? 'whitespace-nowrap' : '',
                      onPhone(CARD_CELL),
                    ].join(' ')}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {footer ? <tfoot className={`bg-slate-50 font-semibold ${onPhone('max-sm:block max-sm:[&_td]:block')}`}>{footer}</tfoot> : null}
        </table>
      </div>
    </div>
  );
}

/**
 * A cell on a phone's card: its column's name (data-label) on the left, the value on the right. A cell with
 * nothing in it (a column that applies to some rows only, e.g. an invitation's actions) shows no line at all.
 */
const CARD_CELL =
  'max-sm:empty:hidden max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:text-right max-sm:whitespace-normal ' +
  'max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase ' +
  'max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]';

/**
 * A list whose rows are a screen's own cards on a phone and the DataTable from the `from` breakpoint up: one of
 * the two rendered for the current width, not both with one hidden by CSS (ADR 145). For lists whose card is not
 * the table's cells restyled (DataTable's own phone layout, ADR 092): a card that leads with what a phone user
 * looks for first. The cards' list has the table's caption as its name and is busy while the table would be.
 */
export function TableOrCards<T>({
  from,
  card,
  listClassName = 'space-y-3',
  itemClassName,
  ...table
}: DataTableProps<T> & {
  from: 'sm' | 'md';
  card: (row: T) => ReactNode;
  listClassName?: string;
  itemClassName?: string;
}) {
  const wide = useWideScreen(from);
  if (wide) return <DataTable {...table} />;
  const busy = table.busy ?? false;
  return (
    <ul className={`${listClassName} ${busy ? 'opacity-60' : ''}`} aria-label={table.caption} aria-busy={busy || undefined}>
      {table.rows.map((row) => (
        <li key={table.rowKey(row)} className={itemClassName}>
          {card(row)}
        </li>
      ))}
    </ul>
  );
}
