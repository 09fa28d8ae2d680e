import type { ReactNode } from 'react';
import { Fact } from '../../../components/fact.tsx';
import { Card } from '../../../components/ui/card.tsx';

/** A titled card of My Account. */
export function Section({
  title,
  hint,
  actions,
  children,
  className = '',
}: {
  title: string;
  hint?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={`p-5 sm:p-6 ${className}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          {hint ? <p className="mt-0.5 text-sm text-slate-500">{hint}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

/** A label and its value; stacked on phones, side by side from sm. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Fact look="row" className="py-3 sm:gap-4" label={label}>
      {children}
    </Fact>
  );
}

export function Rows({ children }: { children: ReactNode }) {
  return <dl className="-my-3 divide-y divide-slate-100">{children}</dl>;
}
