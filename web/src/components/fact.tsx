import type { ReactNode } from 'react';
import { Card } from './ui/card.tsx';

/** The layouts of a labelled value in a <dl>: the classes of its box, its label (dt) and its value (dd). */
const LOOKS = {
  /** A list's card on phones: the label small above its value, on one line. */
  card: { box: 'min-w-0', label: 'text-xs text-slate-500', value: 'truncate text-sm text-slate-900' },
  /** A detail card: the label small above its value. */
  stacked: { box: 'min-w-0', label: 'text-xs font-medium text-slate-500', value: 'mt-0.5 text-sm text-slate-900' },
  /** A detail card with the label in capitals; long words wrap. */
  caps: {
    box: 'min-w-0',
    label: 'break-words text-xs font-medium uppercase tracking-wide text-slate-500',
    value: 'mt-0.5 break-words text-sm text-slate-900',
  },
  /** Stacked on phones, side by side from sm. */
  row: {
    box: 'grid gap-1 sm:grid-cols-3',
    label: 'text-sm font-medium text-slate-500',
    value: 'break-words text-sm text-slate-900 sm:col-span-2',
  },
  /** A summary line: the label left, the value right, ruled below. */
  entry: {
    box: 'flex items-baseline justify-between gap-3 border-b border-slate-100 pb-2',
    label: 'text-slate-500',
    value: 'text-right font-medium text-slate-900',
  },
} as const;

export type FactLook = keyof typeof LOOKS;

/** One labelled value of a <dl>, laid out as `look` says; `className` adds to its box (spacing, grid span). */
export function Fact({ label, look, className, children }: { label: string; look: FactLook; className?: string; children: ReactNode }) {
  const classes = LOOKS[look];
  return (
    <div className={className ? `${classes.box} ${className}` : classes.box}>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value}>{children}</dd>
    </div>
  );
}

/** A list's card on phones: one fact of its row, on one line. */
export function CardFact({ label, value }: { label: string; value: string }) {
  return (
    <Fact look="card" label={label}>
      {value}
    </Fact>
  );
}

/** A titled card of a detail screen, its facts in two columns. */
export function FactsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">{children}</dl>
    </Card>
  );
}

/** Facts of one look from a table of [label, value] rows. */
export function Facts({ look, rows }: { look: FactLook; rows: readonly (readonly [string, ReactNode])[] }) {
  return rows.map(([label, value]) => (
    <Fact key={label} look={look} label={label}>
      {value}
    </Fact>
  ));
}
