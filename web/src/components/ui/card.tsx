import { type ReactNode, useId } from 'react';
import { Spinner } from './spinner.tsx';

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 ${className}`}>{children}</section>;
}

/**
 * A titled part of a screen: a card named by its visible heading, its content below (the company form's parts,
 * the documents' customer and upload).
 */
export function SectionCard({ title, children, className = '' }: { title: ReactNode; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 ${className}`}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The filter card over a list or statistic: a section named by a heading only screen readers show. */
export function FiltersCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="sr-only">{title}</h2>
      {children}
    </Card>
  );
}

export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </div>
  );
}

/**
 * A region's loading state. `delayed`: shown only when the wait passes 300 ms (a lazy route's code, which
 * usually arrives sooner), so a fast load goes straight from the old screen to the new one.
 */
export function FullPageSpinner({ label, delayed = false }: { label: string; delayed?: boolean }) {
  return (
    <div
      role="status"
      className={`flex min-h-[40vh] items-center justify-center gap-3 text-sm text-slate-500 ${delayed ? 'animate-fade-in-late' : ''}`}
    >
      <Spinner className="size-5" />
      {label}
    </div>
  );
}
