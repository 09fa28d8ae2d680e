import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '../../components/ui/card.tsx';
import { SnackHost } from '../../components/ui/snack-host.tsx';
import { AuthDialogs } from '../../features/auth/components/auth-dialogs.tsx';
import { useBrand } from '../../features/brand/api/brand.ts';
import { loadMessages, messageLocaleFor, useT } from '../../i18n/index.ts';
import { finishLogout, useSession } from '../../lib/auth.ts';
import { PortalContext, portalOfPath, usePortal } from '../../lib/portal.ts';
import { PendingStep } from '../shell/pending-step.tsx';
import { ScrollRestoration } from '../shell/scroll-restoration.tsx';
import type { LoggedOutState } from '../shell/use-logout.ts';

/**
 * The root of every screen: which portal it belongs to, the active locale, the document title, the
 * snack alerts and the access dialogs.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <PortalContext value={portalOfPath(pathname)}>
      <Root />
    </PortalContext>
  );
}

function Root() {
  const t = useT();
  const portal = usePortal();
  const { status } = useSession();
  const brand = useBrand();
  const location = useLocation();
  const navigate = useNavigate();

  // The user's locale once signed in, the browser's before; core decides what is accepted.
  const requested =
    status?.user?.locale ?? (typeof navigator === 'undefined' ? undefined : navigator.language);
  useEffect(() => {
    void loadMessages(messageLocaleFor(portal, requested)).then((locale) => {
      document.documentElement.lang = locale;
    });
  }, [portal, requested]);

  const name = brand?.name ?? t('app.fallbackName');
  useEffect(() => {
    document.title = portal === 'connect' ? `${name} connect` : name;
  }, [name, portal]);

  // Finish a logout on its target page (see useLogout), then forget the navigation state.
  const loggedOut = (location.state as LoggedOutState | null)?.loggedOut === true;
  useEffect(() => {
    if (!loggedOut) return;
    // The logout target is the home of the portal that was logged out of, so it is this screen's portal.
    void finishLogout(portal);
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [loggedOut, portal, location.pathname, location.search, location.hash, navigate]);

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t('app.skipToContent')}
      </a>
      {/* A signed-in shell loads with its own chunk: on a first visit of /app or /connect, the spinner its
          auth guard shows next anyway. */}
      <Suspense fallback={<FullPageSpinner label={t('app.loading')} delayed />}>
        <Outlet />
      </Suspense>
      <SnackHost closeLabel={t('common.close')} />
      <AuthDialogs />
      <PendingStep />
      <ScrollRestoration />
    </>
  );
}
