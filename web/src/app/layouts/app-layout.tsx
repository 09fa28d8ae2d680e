import { useState } from 'react';
import { Drawer } from '../../components/ui/drawer.tsx';
import { MfaNotice } from '../../features/account/components/mfa-notice.tsx';
import { useBrand } from '../../features/brand/api/brand.ts';
import { useBrandTexts } from '../../features/brand/brand-texts.ts';
import { useT } from '../../i18n/index.ts';
import { pendingStepOf, useSession } from '../../lib/auth.ts';
import { paths } from '../../lib/paths.ts';
import { useAuthorizationFailed } from '../../lib/session.ts';
import { RequireAuth } from '../guards.tsx';
import { BottomBar } from '../shell/bottom-bar.tsx';
import { BrandMark } from '../shell/brand-mark.tsx';
import { Footer } from '../shell/footer.tsx';
import { Header } from '../shell/header.tsx';
import { ServiceMessages } from '../shell/service-messages.tsx';
import { footerItems, footerLogoTarget } from '../shell/nav-items.ts';
import { sidebarEntries } from '../shell/sidebar-entries.ts';
import { SidebarNav } from '../shell/sidebar-nav.tsx';
import { useLogout } from '../shell/use-logout.ts';
import { RouteContent } from './route-content.tsx';

/** /app: the authenticated ordering shell (header, sidebar or drawer, footer or bottom bar). */
export function AppLayout() {
  return (
    <RequireAuth redirectTo={paths.home}>
      <AppShell />
    </RequireAuth>
  );
}

function AppShell() {
  const t = useT();
  const brand = useBrand();
  const texts = useBrandTexts(brand);
  const { status } = useSession();
  const authorizationFailed = useAuthorizationFailed();
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const user = status?.user;
  if (!status || !user) return null;

  const brandName = brand?.name ?? t('app.fallbackName');
  const entries = sidebarEntries(user.modules, authorizationFailed, texts?.questionnaireUrl, pendingStepOf(status));
  const items = footerItems('ordering', true, texts?.footerLinks ?? []);

  return (
    <div className="flex min-h-dvh flex-col">
      <Header brandName={brandName} homeTo={paths.app.root} username={user.username} onMenu={() => setDrawerOpen(true)} />
      <div className="mx-auto flex w-full max-w-7xl flex-1 px-4 sm:px-6 lg:px-8">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 overflow-y-auto border-r border-slate-200 py-6 pr-4 lg:block">
          <SidebarNav entries={entries} />
        </aside>
        <main id="main" className="min-w-0 flex-1 py-6 sm:py-8 lg:pl-8">
          <ServiceMessages messages={status.serviceMessages} />
          <MfaNotice activationDate={brand?.customFields.mfaActivationDate} brandText={texts?.mfaNotice} />
          <RouteContent />
        </main>
      </div>
      <Footer brandName={brandName} items={items} logoTo={footerLogoTarget(true)} onLogout={logout} />
      <BottomBar items={items} onLogout={logout} />
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title={<BrandMark name={brandName} />} closeLabel={t('nav.closeMenu')}>
        <SidebarNav entries={entries} onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
    </div>
  );
}
