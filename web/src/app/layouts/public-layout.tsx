import { useBrandTexts } from '../../features/brand/brand-texts.ts';
import { useT } from '../../i18n/index.ts';
import { paths } from '../../lib/paths.ts';
import { usePortal } from '../../lib/portal.ts';
import { usePublicBrandName, useShellSession } from '../shell-session.ts';
import { BottomBar } from '../shell/bottom-bar.tsx';
import { Footer } from '../shell/footer.tsx';
import { Header } from '../shell/header.tsx';
import { footerItems, footerLogoTarget } from '../shell/nav-items.ts';
import { useLogout } from '../shell/use-logout.ts';
import { RouteContent } from './route-content.tsx';

/**
 * Public pages of the ordering portal: home/login, about, forgot password, landing, SSO callback; and the connect
 * portal's login page (/connect while signed out, ADR 127) with connect's badge, home and footer.
 */
export function PublicLayout() {
  const t = useT();
  const connect = usePortal() === 'connect';
  const session = useShellSession();
  const brand = session?.brand;
  const texts = useBrandTexts(brand);
  const status = session?.status;
  const logout = useLogout();
  const user = status?.loggedIn ? status.user : null;
  const loggedIn = user !== null;
  const items = footerItems(connect ? 'connect' : 'ordering', loggedIn, texts?.footerLinks ?? []);
  const brandName = usePublicBrandName() ?? t('app.fallbackName');
  const home = connect ? paths.connect.root : loggedIn && session ? session.landing : paths.home;
  return (
    <div className="flex min-h-dvh flex-col">
      <Header brandName={brandName} homeTo={home} username={user?.username} badge={connect ? t('app.portalConnect') : undefined} />
      <main id="main" className="flex-1">
        <RouteContent />
      </main>
      <Footer brandName={brandName} items={items} logoTo={connect ? home : footerLogoTarget(loggedIn)} onLogout={logout} />
      <BottomBar items={items} onLogout={logout} />
    </div>
  );
}
