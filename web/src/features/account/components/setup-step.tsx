import type { ReactNode } from 'react';

/** One numbered step of the set-up page. */
export function SetupStep({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="relative flex gap-4">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700 ring-1 ring-brand-200"
      >
        {number}
      </span>
      <div className="min-w-0 flex-1 pb-2">
        <h3 className="pt-1 text-sm font-semibold text-slate-900">{title}</h3>
        <div className="mt-2 space-y-3 text-sm text-slate-600">{children}</div>
      </div>
    </li>
  );
}
