import { resolveBrowserLocale } from '@portal/core/shared';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../../components/ui/card.tsx';
import { SnackHost } from '../../components/ui/snack-host.tsx';
import { loadMessages, messageLocaleFor, useLocale, useT } from '../../i18n/index.ts';
import { isSignedInPath } from '../../lib/paths.ts';
import { PortalContext, portalOfPath, usePortal } from '../../lib/portal.ts';
import { useDataLayer } from '../data-bridge.ts';
import { usePublicBrandName, useShellSession } from '../shell-session.ts';
import { RouteFocus } from '../shell/route-focus.tsx';
import { ScrollRestoration } from '../shell/scroll-restoration.tsx';
import { AppUpdateToast } from '../update/app-update-toast.tsx';

/**
 * The root of every screen: which portal it belongs to, the active locale, the document title, the
 * snack alerts (and the offer of a new release, ADR 091), the focus on a route change (ADR 092) and, once the data
 * layer is there (data-bridge.ts), its DataSync: the session status,
 * the access dialogs and the end of a logout.
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
  const layer = useDataLayer();
  const session = useShellSession();
  const status = session?.status;

  // The user's locale once signed in, before it the first of the browser's languages the portal speaks (pl,
  // fr-CA and en-GB read Polish, French and English); core decides what is accepted (ADR 088).
  const requested =
    status?.user?.locale ??
    (typeof navigator === 'undefined' ? undefined : resolveBrowserLocale(portal, [...navigator.languages, navigator.language]));
  const wanted = messageLocaleFor(portal, requested);
  const [settled, setSettled] = useState<string>();
  useEffect(() => {
    void loadMessages(wanted).then((locale) => {
      document.documentElement.lang = locale;
      setSettled(wanted);
    });
  }, [wanted]);
  const holdForTexts = useHoldForUserTexts(Boolean(status?.user), useLocale() === wanted || settled === wanted);

  const name = usePublicBrandName() ?? t('app.fallbackName');
  useEffect(() => {
    document.title = portal === 'connect' ? `${name} connect` : name;
  }, [name, portal]);
  // Installed from here, the app opens this portal's login: index.html links the API's manifest of the
  // ordering portal, whose last segment names the portal (ADR 091).
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (link) link.href = link.href.replace(/[^/]+$/, portal);
  }, [portal]);

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
      {holdForTexts ? (
        <FullPageSpinner label={t('app.loading')} delayed />
      ) : (
        <Suspense fallback={<FullPageSpinner label={t('app.loading')} delayed />}>
          <Outlet />
        </Suspense>
      )}
      <SnackHost closeLabel={t('common.close')} pinned={<AppUpdateToast />} />
      {layer ? <layer.DataSync /> : null}
      <ScrollRestoration />
      <RouteFocus />
    </>
  );
}

/**
 * A signed-in screen waits (the loading spinner) until the user's language is active the first time: a deep
 * link's screen code is there before the session says the language (ADR 097), and would otherwise show its
 * texts in the browser's language for a moment, then flip. Only the first time per sign-in: a language the
 * user picks later in My Account switches in place, the screen and its input kept. Public pages never wait
 * (the login page keeps its sign-in step); a language file that fails to load settles as English (SPEC 8).
 */
function useHoldForUserTexts(signedIn: boolean, textsReady: boolean): boolean {
  const { pathname } = useLocation();
  const [shownSignedIn, setShownSignedIn] = useState(false);
  const onSignedInScreen = isSignedInPath(pathname);
  useEffect(() => {
    if (textsReady) setShownSignedIn(signedIn);
  }, [signedIn, textsReady]);
  return signedIn && onSignedInScreen && !textsReady && !shownSignedIn;
}
