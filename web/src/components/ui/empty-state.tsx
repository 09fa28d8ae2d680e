import type { ReactNode } from 'react';
import { ClockIcon } from './icons.tsx';

export interface EmptyStateProps {
  badge?: string;
  title: string;
  text: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  /** A lower level when the page above already has its h1 (an empty list inside a screen). */
  heading?: 'h1' | 'h2' | 'h3';
}

/** An honest empty state: what is not here and why, with an optional way onward. */
export function EmptyState({ badge, title, text, action, icon, heading: Heading = 'h1' }: EmptyStateProps) {
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center sm:px-10">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon ?? <ClockIcon className="size-6" />}
      </div>
      {badge ? (
        <p className="mb-2 inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-600">
          {badge}
        </p>
      ) : null}
      <Heading className="text-xl font-semibold text-slate-900 first-letter:uppercase">{title}</Heading>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">{text}</p>
      {action ? <div className="mt-6 flex justify-center">{action}</div> : null}
    </section>
  );
}
