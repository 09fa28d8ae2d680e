import { lazy } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router-dom';
import { createStore, useStore } from '../lib/store.ts';
import { isSignedInPath, paths } from '../lib/paths.ts';
import { onFirstIntent } from './first-intent.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { lazyRoute, preloadRouteElements } from './lazy-route.ts';
import { MfaActivatedRoute, region, SsoCallbackRoute } from './route-parts.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { NotFoundRoute } from './routes/not-found-route.tsx';
import { RouteErrorBoundary } from './routes/route-error.tsx';

// Only what the login page (/) shows loads with the app: the root, the public shell and its home. The
// public pages' screens load with their own chunk on first use, with their feature's message catalogues;
// the /app and /connect branches (signed-in-routes.tsx: the connect sections' CONNECT_SCREENS) with theirs
// (the login page must not wait for code it does not run).
// Reads the session through lib/auth, which comes with the data layer (data-bridge.ts).
const LandingRoute = lazyRoute(() => import('./routes/landing-route.tsx'), 'LandingRoute');
const AboutRoute = lazyRoute(() => import('./routes/about-route.tsx'), 'AboutRoute', 'about');
const ConfirmEmailRoute = lazyRoute(() => import('../features/account/routes/confirm-email-route.tsx'), 'ConfirmEmailRoute', 'account');
const ForgotPasswordRoute = lazyRoute(
  () => import('../features/auth/routes/forgot-password-route.tsx'),
  'ForgotPasswordRoute',
  'account', // the new-password fields
);
const InvitationRoute = lazyRoute(
  () => import('../features/team/routes/invitation-route.tsx'),
  'InvitationRoute',
  'team',
  'account', // the new-password fields
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
 * The /app and /connect branches (signed-in-routes.tsx: ~40 lazy screens and the files each preloads) load
 * with their own chunk. On a page below /app or /connect (a deep link from a mail) it starts when the app's
 * code runs, like the data layer (data-bridge.ts), and once there it starts the downloads of the matched
 * route's layout, guards and screen together (preloadRouteElements), beside the session read (ADR 097). On
 * a public page (the login page) it starts at the visitor's first input, well before a sign-in answers, so
 * the login page does not download code it never runs. Until the branches are there a URL below /app or
 * /connect suspends in the root layout's Suspense (the spinner a lazy shell shows anyway). A failed
 * download is tried again when such a URL is first shown; failing then, the root's error boundary shows
 * it, like a screen's failed chunk.
 */
let signedInLoad: Promise<void> | undefined;
function loadSignedInRoutes(): Promise<void> {
  signedInLoad ??= import('./signed-in-routes.tsx').then(
    ({ signedInBranches }) => {
      const matches = typeof window === 'undefined' ? null : matchRoutes(signedInBranches, window.location);
      preloadRouteElements((matches ?? []).map((match) => match.route.element));
      table.set(routesWith(signedInBranches));
    },
    (error: unknown) => {
      signedInLoad = undefined;
      throw error;
    },
  );
  return signedInLoad;
}

const AwaitSignedInRoutes = lazy(() => loadSignedInRoutes().then(() => ({ default: () => null })));
const signedInRoots = [paths.app.root, paths.connect.root];
const awaitSignedIn = signedInRoots.map((root) => ({
  path: `${root}/*`,
  element: <AwaitSignedInRoutes />,
}));
const table = createStore<RouteObject[]>(routesWith(awaitSignedIn));

if (typeof window === 'undefined' || isSignedInPath(window.location.pathname)) void loadSignedInRoutes().catch(() => undefined);
else onFirstIntent(() => void loadSignedInRoutes().catch(() => undefined));

/** The app's screens for the current location (inside a <BrowserRouter>, or a <MemoryRouter> in tests). */
export function AppRoutes() {
  return useRoutes(useStore(table));
}
