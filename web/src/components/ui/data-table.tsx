import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers are right-aligned with tabular figures. */
  align?: 'start' | 'end';
  /** Keep the cell on one line. */
  nowrap?: boolean;
}

/**
 * A plain, accessible data table (caption, column headers) inside a card that scrolls sideways on small
 * screens instead of squeezing the columns.
 */
export function DataTable<T>({
  caption,
  captionHidden = true,
  columns,
  rows,
  rowKey,
  busy = false,
  footer,
}: {
  caption: string;
  captionHidden?: boolean;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  busy?: boolean;
  footer?: ReactNode;
}) {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
        <table
          aria-busy={busy || undefined}
          className={`min-w-full divide-y divide-slate-200 text-sm transition-opacity ${busy ? 'opacity-60' : ''}`}
        >
          <caption className={captionHidden ? 'sr-only' : 'px-4 pt-4 text-left font-semibold text-slate-900'}>{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={`px-4 py-2.5 align-bottom text-xs font-semibold uppercase tracking-wide text-slate-600 ${c.align === 'end' ? 'text-right' : 'text-left'}`}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-slate-50">
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={[
                      'px-4 py-2.5 text-slate-800',
                      c.align === 'end' ? 'text-right tabular-nums' : 'text-left',
                      c.nowrap ? 'whitespace-nowrap' : '',
                    ].join(' ')}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {footer ? <tfoot className="bg-slate-50 font-semibold">{footer}</tfoot> : null}
        </table>
      </div>
    </div>
  );
}
