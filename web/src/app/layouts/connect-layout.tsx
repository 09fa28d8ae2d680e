import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { Drawer } from '../../components/ui/drawer.tsx';
import { MfaNotice } from '../../features/account/components/mfa-notice.tsx';
import { useBrand } from '../../features/brand/api/brand.ts';
import { useBrandTexts } from '../../features/brand/brand-texts.ts';
import { connectSectionsOf } from '../../features/connect/sections.ts';
import { InboxBadge, InboxBubble, useInboxCount } from '../../features/requests/components/inbox-badge.tsx';
import { NewsUnreadBadge } from '../../features/news/components/unread-badge.tsx';
import { useT } from '../../i18n/index.ts';
import { pendingStepOf, useSession } from '../../lib/auth.ts';
import { termsDecision } from '../guard-decisions.ts';
import { paths } from '../../lib/paths.ts';
import { BottomBar } from '../shell/bottom-bar.tsx';
import { BrandMark } from '../shell/brand-mark.tsx';
import { Footer } from '../shell/footer.tsx';
import { Header } from '../shell/header.tsx';
import { footerItems } from '../shell/nav-items.ts';
import { ServiceMessages } from '../shell/service-messages.tsx';
import { useLogout } from '../shell/use-logout.ts';
import { RouteContent } from './route-content.tsx';

function ConnectNav({ vertical, onNavigate }: { vertical: boolean; onNavigate?: () => void }) {
  const t = useT();
  // Only the sections the user's module permissions open (core's table, ADR 031).
  const sections = connectSectionsOf(useSession().status);
  return (
    <nav aria-label={t('connect.nav')}>
      <ul className={vertical ? 'space-y-1' : '-mb-px flex gap-1 overflow-x-auto'}>
        {sections.map((section) => (
          <li key={section.key} className="shrink-0">
            <NavLink
              to={section.path}
              onClick={onNavigate}
              className={({ isActive }) =>
                vertical
                  ? `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`
                  : `block border-b-2 px-3 py-3 text-sm font-medium whitespace-nowrap ${isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'}`
              }
            >
              {t(section.label)}
              {section.key === 'requests' ? <InboxBadge /> : null}
              {section.key === 'news' ? <NewsUnreadBadge /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The connect portal's own shell under /connect: its header with the 'connect' badge, its section
 * navigation (a tab row from md, a drawer below), and the shared footer / bottom bar. Every API call made
 * from here sends `X-Portal: connect` (the portal follows the path).
 */
export function ConnectLayout() {
  const t = useT();
  const brand = useBrand();
  const texts = useBrandTexts(brand);
  const { status } = useSession();
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const user = status?.loggedIn ? status.user : null;
  const loggedIn = user !== null;
  // While a step of the account is pending (ADR 017) the sections are not offered: only My Account.
  // No section navigation before an account step or the brand's terms of use (ADR 086) are taken.
  const navigable = loggedIn && pendingStepOf(status) === null && termsDecision(status) === 'allow';
  const brandName = brand?.name ?? t('app.fallbackName');
  // On phones the navigation (with the inbox count) is in the drawer: the menu button carries the count too.
  const pending = useInboxCount(navigable);
  const menuBadge = pending
    ? {
        menuBadge: <InboxBubble count={pending} labelled={false} />,
        menuLabel: `${t('nav.openMenu')}, ${t('connect.inboxCount', { count: pending })}`,
      }
    : {};
  const badge = t('app.portalConnect');
  // The customer's logo for every user of the customer (SPEC 3 brandingUrl, ADR 084); '' shows the brand's mark.
  const logoUrl = user?.brandingUrl || undefined;
  const items = footerItems('connect', loggedIn, texts?.footerLinks ?? []);

  return (
    <div className="flex min-h-dvh flex-col">
      <Header
        brandName={brandName}
        logoUrl={logoUrl}
        badge={badge}
        homeTo={paths.connect.root}
        username={user?.username}
        {...(navigable ? { onMenu: () => setDrawerOpen(true), menuBreakpoint: 'md' as const, ...menuBadge } : {})}
      />
      {navigable ? (
        <div className="hidden border-b border-slate-200 bg-white md:block">
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <ConnectNav vertical={false} />
          </div>
        </div>
      ) : null}
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        {user && status ? (
          <>
            <ServiceMessages messages={status.serviceMessages} />
            <MfaNotice activationDate={brand?.customFields.mfaActivationDate} brandText={texts?.mfaNotice} />
          </>
        ) : null}
        <RouteContent />
      </main>
      <Footer brandName={brandName} items={items} logoTo={paths.connect.root} onLogout={logout} />
      <BottomBar items={items} onLogout={logout} />
      {navigable ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={<BrandMark name={brandName} badge={badge} logoUrl={logoUrl} />}
          closeLabel={t('nav.closeMenu')}
        >
          <ConnectNav vertical onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : null}
    </div>
  );
}
