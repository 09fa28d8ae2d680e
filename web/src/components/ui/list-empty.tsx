import type { ReactNode } from 'react';

/** An empty list inside a card: an honest sentence, not a page heading. */
export function ListEmpty({ title, text, icon }: { title: string; text?: string; icon?: ReactNode }) {
  return (
    <div className="px-6 py-12 text-center">
      {icon ? (
        <div className="mx-auto mb-3 flex size-11 items-center justify-center rounded-full bg-slate-100 text-slate-500">{icon}</div>
      ) : null}
      <p className="font-semibold text-slate-900 first-letter:uppercase">{title}</p>
      {text ? <p className="mt-1 text-sm text-slate-600">{text}</p> : null}
    </div>
  );
}
