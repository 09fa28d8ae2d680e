import { useBrandTexts } from '../../features/brand/brand-texts.ts';
import { useT } from '../../i18n/index.ts';
import { paths } from '../../lib/paths.ts';
import { usePublicBrandName, useShellSession } from '../shell-session.ts';
import { BottomBar } from '../shell/bottom-bar.tsx';
import { Footer } from '../shell/footer.tsx';
import { Header } from '../shell/header.tsx';
import { footerItems, footerLogoTarget } from '../shell/nav-items.ts';
import { useLogout } from '../shell/use-logout.ts';
import { RouteContent } from './route-content.tsx';

/** Public pages of the ordering portal: home/login, about, forgot password, landing, SSO callback. */
export function PublicLayout() {
  const t = useT();
  const session = useShellSession();
  const brand = session?.brand;
  const texts = useBrandTexts(brand);
  const status = session?.status;
  const logout = useLogout();
  const user = status?.loggedIn ? status.user : null;
  const loggedIn = user !== null;
  const items = footerItems('ordering', loggedIn, texts?.footerLinks ?? []);
  const brandName = usePublicBrandName() ?? t('app.fallbackName');
  return (
    <div className="flex min-h-dvh flex-col">
      <Header brandName={brandName} homeTo={loggedIn && session ? session.landing : paths.home} username={user?.username} />
      <main id="main" className="flex-1">
        <RouteContent />
      </main>
      <Footer brandName={brandName} items={items} logoTo={footerLogoTarget(loggedIn)} onLogout={logout} />
      <BottomBar items={items} onLogout={logout} />
    </div>
  );
}
