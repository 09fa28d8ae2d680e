import type { ReactNode } from 'react';

/** One column header: its label (sr-only where the column holds only controls) and its cell classes. */
export interface HeadColumn {
  label: ReactNode;
  className: string;
  srOnly?: boolean;
}

/** The grey header row of a hand-built table (the ones DataTable does not fit), one <th scope="col"> a column. */
export function TableHead({ columns }: { columns: readonly HeadColumn[] }) {
  return (
    <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600">
      <tr>
        {columns.map((c, i) => (
          <th key={i} scope="col" className={c.className}>
            {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
