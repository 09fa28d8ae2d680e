import { Link } from 'react-router-dom';
import { useT } from '../../i18n/index.ts';
import { BrandMark } from './brand-mark.tsx';
import { FooterEntry } from './footer-item.tsx';
import type { FooterItem } from './nav-items.ts';

/**
 * The page footer (SPEC 2). Left (logo) and centre (links) areas only from md (768 px); below that the
 * bottom bar carries the links and the footer keeps the copyright and the credit.
 */
export function Footer({
  brandName,
  items,
  logoTo,
  onLogout,
}: {
  brandName: string;
  items: readonly FooterItem[];
  logoTo: string;
  onLogout: () => void;
}) {
  const t = useT();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 pb-[calc(5.5rem+env(safe-area-inset-bottom))] sm:px-6 md:flex-row md:items-center md:justify-between md:pb-6 lg:px-8">
        <div className="hidden md:block">
          <Link to={logoTo} aria-label={t('footer.homeLink', { brand: brandName })} className="inline-flex rounded-lg">
            <BrandMark name={brandName} />
          </Link>
        </div>
        <nav aria-label={t('footer.navigation')} className="hidden md:block">
          <ul className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2">
            {items.map((item) => (
              <li key={item.key}>
                <FooterEntry
                  item={item}
                  t={t}
                  onLogout={onLogout}
                  className="rounded text-sm font-medium text-slate-600 hover:text-brand-700 hover:underline"
                />
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-center text-xs leading-5 text-slate-500 md:text-right">
          <p>{t('footer.copyright', { year, company: brandName })}</p>
          <p>{t('footer.credit', { company: brandName })}</p>
        </div>
      </div>
    </footer>
  );
}
