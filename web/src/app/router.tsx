import { lazy, useMemo } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import type { Portal } from '@portal/core/shared';
import { createStore, keptOnReset, useStore } from '../lib/store.ts';
import { isConnectHome, isSignedInPath, paths } from '../lib/paths.ts';
import { portalOfPath } from '../lib/portal.ts';
import { storedSignedIn } from '../lib/stored-session.ts';
import { onFirstIntent } from './first-intent.ts';
import { followFirstStatus, useFirstStatus } from './first-status.ts';
import { publicHomeDecision } from './home-decision.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { lazyRoute, preloadRouteElements } from './lazy-route.ts';
import { MfaActivatedRoute, region, SsoCallbackRoute } from './route-parts.tsx';
import { ConnectLoginRoute } from './routes/connect-login.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { NotFoundRoute } from './routes/not-found-route.tsx';
import { RouteErrorBoundary } from './routes/route-error.tsx';
import { useShellSession } from './shell-session.ts';
import { isLoggedOutState } from './shell/logged-out-state.ts';

// Only what the login page (/) shows loads with the app: the root, the public shell and its home. The
// public pages' screens load with their own chunk on first use, with their feature's message catalogues;
// the /app and /connect branches (app-routes.tsx, connect-routes.tsx: the connect sections' CONNECT_SCREENS)
// with theirs (the login page must not wait for code it does not run).
// Reads the session through lib/auth, which comes with the data layer (data-bridge.ts).
const LandingRoute = lazyRoute(() => import('./routes/landing-route.tsx'), 'LandingRoute');
const AboutRoute = lazyRoute(() => import('./routes/about-route.tsx'), 'AboutRoute', 'about');
const ConfirmEmailRoute = lazyRoute(
  () => import('../features/account/routes/confirm-email-route.tsx'),
  'ConfirmEmailRoute',
  'account',
  'authPages', // the auth card's back link
);
const ForgotPasswordRoute = lazyRoute(
  () => import('../features/auth/routes/forgot-password-route.tsx'),
  'ForgotPasswordRoute',
  'authPages',
  'account', // the new-password fields
);
const InvitationRoute = lazyRoute(
  () => import('../features/team/routes/invitation-route.tsx'),
  'InvitationRoute',
  'team',
  'account', // the new-password fields
  'authPages', // the auth card's back link
);
const UnsubscribeRoute = lazyRoute(() => import('../features/reports/routes/unsubscribe-route.tsx'), 'UnsubscribeRoute', 'reports');
const ReportConfirmationRoute = lazyRoute(
  () => import('../features/reports/routes/confirmation-route.tsx'),
  'ReportConfirmationRoute',
  'reports',
);

/**
 * The whole route table (SPEC 2), given its /app and /connect branches. Every path is read from lib/paths.ts
 * (absolute; a parameterised URL gives its `pattern`), so a link and its route cannot drift apart.
 */
const routesWith = (branches: RouteObject[]): RouteObject[] => [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: <PublicLayout />,
        children: region([
          { index: true, element: <HomeRoute /> },
          { path: paths.about, element: <AboutRoute /> },
          { path: paths.forgotPassword, element: <ForgotPasswordRoute /> },
          { path: paths.landing, element: <LandingRoute /> },
          { path: paths.ssoCallback, element: <SsoCallbackRoute /> },
          { path: paths.mfaActivated, element: <MfaActivatedRoute /> },
          { path: paths.confirmEmail, element: <ConfirmEmailRoute /> },
          { path: paths.unsubscribe, element: <UnsubscribeRoute /> },
          { path: paths.reportConfirmation, element: <ReportConfirmationRoute /> },
          { path: paths.invitation, element: <InvitationRoute /> },
          { path: '*', element: <NotFoundRoute homeTo={paths.home} /> },
        ]),
      },
      ...branches,
    ],
  },
];

/**
 * The /app and /connect branches (app-routes.tsx, connect-routes.tsx: ~40 lazy screens and the files each
 * preloads) load with their own chunk, each portal's apart, so a page downloads only its own portal's table
 * (ADR 127). On a page below /app or /connect (a deep link from a mail) it starts when the app's
 * code runs, like the data layer (data-bridge.ts), and once there it starts the downloads of the matched
 * route's layout, guards and screen together (preloadRouteElements), beside the session read (ADR 097). On
 * a public page (the login pages, the connect portal's included: ADR 127) it starts at the visitor's first
 * input, well before a sign-in answers, or when the first status read says the visitor may be signed in, so
 * the login page does not download code it never runs. Until the branches are there a URL below /app or
 * /connect suspends in the root layout's Suspense (the spinner a lazy shell shows anyway). A failed
 * download is tried again when such a URL is first shown; failing then, the root's error boundary shows
 * it, like a screen's failed chunk.
 */
const branchModules: Record<Portal, () => Promise<RouteObject>> = {
  ordering: () => import('./app-routes.tsx').then((module) => module.appBranch),
  connect: () => import('./connect-routes.tsx').then((module) => module.connectBranch),
};
const branchLoads: Partial<Record<Portal, Promise<void>>> = {};
function loadBranch(portal: Portal): Promise<void> {
  branchLoads[portal] ??= branchModules[portal]().then(
    (branch) => {
      const matches = typeof window === 'undefined' ? null : matchRoutes([branch], window.location);
      preloadRouteElements((matches ?? []).map((match) => match.route.element));
      table.set((loaded) => ({ ...loaded, [portal]: branch }));
    },
    (error: unknown) => {
      branchLoads[portal] = undefined;
      throw error;
    },
  );
  return branchLoads[portal];
}

/** Until a portal's branch is there, any URL below its root suspends here while it loads. */
const awaitBranch = (portal: Portal, root: string): RouteObject => {
  const Await = lazy(() => loadBranch(portal).then(() => ({ default: () => null })));
  return { path: `${root}/*`, element: <Await /> };
};
const awaiting: Record<Portal, RouteObject> = {
  ordering: awaitBranch('ordering', paths.app.root),
  connect: awaitBranch('connect', paths.connect.root),
};
/** The /app and /connect branches loaded so far. */
const table = createStore<Partial<Record<Portal, RouteObject>>>({});
keptOnReset(table);

/**
 * /connect while its visitor is not signed in to connect: the connect portal's login page, from the entry like
 * the ordering portal's (/), in the public shell (ADR 127). The connect branch (its shell, its home with the
 * sections) takes over once the session is confirmed, or at once with a signed-in copy in session storage. While
 * the first status read has not answered, the public shell shows nothing (ADR 149).
 */
const connectPublic: Record<'login' | 'unknown', RouteObject> = {
  login: { path: paths.connect.root, element: <PublicLayout />, children: region([{ index: true, element: <ConnectLoginRoute /> }]) },
  unknown: { path: paths.connect.root, element: <PublicLayout />, children: region([{ index: true, element: null }]) },
};

/** Below /app or /connect, but not the connect login without a signed-in copy of its session (ADR 127). */
const signedInAtOnce = (pathname: string) => isSignedInPath(pathname) && (!isConnectHome(pathname) || storedSignedIn('connect'));
function startBranch(pathname: string): void {
  const load = () => void loadBranch(portalOfPath(pathname)).catch(() => undefined);
  if (signedInAtOnce(pathname)) return load();
  onFirstIntent(load);
  // A signed-in visitor of a login page goes on to a signed-in screen: its code starts with the status read.
  if (pathname === paths.home || isConnectHome(pathname)) void followFirstStatus()?.then((said) => said === 'other' && load());
}
if (typeof window !== 'undefined') startBranch(window.location.pathname);

/** The app's screens for the current location (inside a <BrowserRouter>, or a <MemoryRouter> in tests). */
export function AppRoutes() {
  const loaded = useStore(table);
  const home = useConnectHome();
  const routes = useMemo(
    () => routesWith([loaded.ordering ?? awaiting.ordering, home === 'shell' ? (loaded.connect ?? awaiting.connect) : connectPublic[home]]),
    [loaded, home],
  );
  return useRoutes(routes);
}

/** What /connect shows (home-decision.ts): the login page, the public shell alone while nothing says yet (ADR 149), or connect's. */
function useConnectHome(): 'login' | 'unknown' | 'shell' {
  const location = useLocation();
  const session = useShellSession();
  const first = useFirstStatus();
  if (!isConnectHome(location.pathname)) return 'shell';
  const decision = publicHomeDecision(session, isLoggedOutState(location.state), storedSignedIn('connect'), first);
  return decision === 'login' || decision === 'unknown' ? decision : 'shell';
}
