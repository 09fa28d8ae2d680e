import { CardIcon } from '../../components/ui/icons.tsx';

/** The brand's mark: the accent tile and the brand name, with an optional portal badge. */
export function BrandMark({ name, badge }: { name: string; badge?: string | undefined }) {
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm">
        <CardIcon className="size-5" />
      </span>
      <span className="truncate text-base font-semibold tracking-tight text-slate-900">{name}</span>
      {badge ? (
        <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-inset ring-brand-200">
          {badge}
        </span>
      ) : null}
    </span>
  );
}
