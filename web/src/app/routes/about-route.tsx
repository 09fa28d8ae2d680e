import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Card } from '../../components/ui/card.tsx';
import { useBrand } from '../../features/brand/api/brand.ts';
import { useT } from '../../i18n/index.ts';

/**
 * /about — also the fallback target of the privacy policy (#privacy-policy) and legal notice
 * (#legal-notice) links when the brand configures none. It states what the portal is; it does not invent
 * legal text the brand has not provided.
 */
export function AboutRoute() {
  const t = useT();
  const brand = useBrand();
  const { hash } = useLocation();
  const brandName = brand?.name ?? t('app.fallbackName');

  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6 sm:py-14">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{t('about.title')}</h1>
        <p className="mt-3 text-base leading-7 text-slate-600">{t('about.intro', { brand: brandName })}</p>
      </header>
      <Card className="space-y-3 p-6 text-sm leading-6 text-slate-700">
        <p>{t('about.ordering')}</p>
        <p>{t('about.connect')}</p>
      </Card>
      <LinkedSection
        id="privacy-policy"
        className="scroll-mt-24 p-6"
        title={t('about.privacyTitle')}
        text={t('about.privacyText', { brand: brandName })}
      />
      <LinkedSection id="legal-notice" className="p-6" title={t('about.legalTitle')} text={t('about.legalText', { brand: brandName })} />
    </div>
  );
}

/** A section the privacy / legal links open by its `#id` (the route scrolls to it on load). */
function LinkedSection({ id, className, title, text }: { id: string; className: string; title: string; text: string }) {
  return (
    <Card className={className}>
      <section id={id} className="scroll-mt-24">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <p className="mt-2 text-sm leading-6 text-slate-700">{text}</p>
      </section>
    </Card>
  );
}
