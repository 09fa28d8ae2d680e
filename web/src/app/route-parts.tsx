import { Outlet, type RouteObject } from 'react-router-dom';
import { lazyRoute } from './lazy-route.ts';
import { RouteErrorBoundary } from './routes/route-error.tsx';

/** The route tables' parts (router.tsx: the public pages; app-routes.tsx and connect-routes.tsx: /app and /connect). */

/**
 * A layout's screens as one branch with its own error boundary: a screen that throws shows the error in
 * the layout's content region, and the shell (header, navigation, footer) stays usable.
 */
export const region = (children: RouteObject[]): RouteObject[] => [
  {
    element: (
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
    ),
    children,
  },
];

/** Screens both portals route to: the ordering portal's at its public URLs, connect's inside its shell. */
export const SsoCallbackRoute = lazyRoute(() => import('../features/auth/routes/sso-callback-route.tsx'), 'SsoCallbackRoute', 'authPages');
export const MfaActivatedRoute = lazyRoute(
  () => import('../features/account/routes/mfa-activated-route.tsx'),
  'MfaActivatedRoute',
  'account',
);
