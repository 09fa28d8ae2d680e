import { CardIcon } from '../../components/ui/icons.tsx';
import { useT } from '../../i18n/index.ts';

/**
 * The brand's mark: the accent tile and the brand name, with an optional portal badge. With the customer's
 * logo (the session's brandingUrl, ADR 084) the logo takes the tile's place, 32 px high and at most as wide as
 * a phone's header leaves room for; the brand name then shows from the small breakpoint on.
 */
export function BrandMark({ name, badge, logoUrl }: { name: string; badge?: string | undefined; logoUrl?: string | undefined }) {
  const t = useT();
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      {logoUrl ? (
        <img src={logoUrl} alt={t('app.companyLogo')} className="h-8 w-auto max-w-32 shrink-0 object-contain sm:max-w-48" />
      ) : (
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm">
          <CardIcon className="size-5" />
        </span>
      )}
      <span
        className={`truncate text-base font-semibold tracking-tight text-slate-900 ${logoUrl ? 'hidden border-l border-slate-200 pl-2.5 sm:inline' : ''}`}
      >
        {name}
      </span>
      {badge ? (
        <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-inset ring-brand-200">
          {badge}
        </span>
      ) : null}
    </span>
  );
}
