import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MenuIcon, UserIcon } from '../../components/ui/icons.tsx';
import { useT } from '../../i18n/index.ts';
import { BrandMark } from './brand-mark.tsx';

/**
 * The top bar: an optional menu button (small screens), the brand, a portal badge, and who is signed in.
 */
export function Header({
  brandName,
  logoUrl,
  homeTo,
  badge,
  username,
  onMenu,
  menuBreakpoint = 'lg',
  menuBadge,
  menuLabel,
  children,
}: {
  brandName: string;
  /** The customer's logo (session brandingUrl, ADR 084), shown instead of the brand's tile. */
  logoUrl?: string | undefined;
  homeTo: string;
  badge?: string;
  username?: string | undefined;
  onMenu?: () => void;
  /** From which width the menu button disappears (the navigation is visible there). */
  menuBreakpoint?: 'md' | 'lg';
  /** Shown on the menu button (e.g. the approver's inbox count, otherwise only inside the drawer); `menuLabel` then says it. */
  menuBadge?: ReactNode;
  menuLabel?: string;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        {onMenu ? (
          <button
            type="button"
            onClick={onMenu}
            aria-label={menuLabel ?? t('nav.openMenu')}
            className={`relative -ml-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${menuBreakpoint === 'md' ? 'md:hidden' : 'lg:hidden'}`}
          >
            <MenuIcon />
            {menuBadge ? <span className="absolute -top-1 -right-1">{menuBadge}</span> : null}
          </button>
        ) : null}
        <Link to={homeTo} className="min-w-0 rounded-lg">
          <BrandMark name={brandName} badge={badge} logoUrl={logoUrl} />
        </Link>
        <div className="ml-auto flex items-center gap-3">
          {children}
          {username ? (
            <span className="hidden items-center gap-2 text-sm text-slate-600 sm:flex">
              <span className="flex size-8 items-center justify-center rounded-full bg-slate-100 text-slate-500">
                <UserIcon className="size-4" />
              </span>
              <span className="max-w-48 truncate" title={t('app.signedInAs', { name: username })}>
                {username}
              </span>
            </span>
          ) : null}
        </div>
      </div>
    </header>
  );
}
