import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { preload, SWRConfig } from 'swr';
import { AuthDialogs } from '../features/auth/components/auth-dialogs.tsx';
import { fetchBrand, useBrand } from '../features/brand/api/brand.ts';
import { brandKeys } from '../features/brand/api/keys.ts';
import { fetchStatus, finishLogout, sessionLanding, statusKey, useSession } from '../lib/auth.ts';
import { currentPortal, usePortal } from '../lib/portal.ts';
import { publishShellSession } from './shell-session.ts';
import { PendingStep } from './shell/pending-step.tsx';
import { UnsavedChangesGuard } from './shell/unsaved-changes-guard.tsx';
import { isLoggedOutState } from './shell/logged-out-state.ts';

/**
 * The data layer: loaded by data-bridge.ts (at once on a signed-in page, at the first input on the login
 * page) and imported by nothing the login page paints with. What those first components use of it is
 * exported here; what only a login card runs is the sign-in layer's (sign-in-layer.ts, ADR 125).
 */
export { logoutRequest, signInDestination } from '../lib/auth.ts';

/**
 * The session read and the brand start the moment this layer runs, before React renders the DataSync that
 * reads them (its useSWR takes the answers over): on a deep link they are then first in the browser's queue,
 * ahead of the route's chunks it downloads next (ADR 097). Only in the built app: the route tests render the
 * layer against a fake backend they install per test.
 */
if (import.meta.env.PROD) {
  preload(statusKey(currentPortal()), ([, portal]) => fetchStatus(portal)).catch(() => undefined);
  preload(brandKeys.brand, fetchBrand).catch(() => undefined);
}

/** SWR's app-wide settings (besides its defaults): around DataSync and every lazily loaded screen. */
export function DataConfig({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ errorRetryCount: 2 }}>{children}</SWRConfig>;
}

/**
 * Rendered by the root layout once the data layer is there: keeps the current portal's session status and
 * brand published for the shells (data-bridge.ts), finishes a logout on its target page, and hosts the
 * access dialogs and the pending-step redirect (both only ever opened by an API answer), and the 'Leave this
 * page?' question before a link leaves unsaved input (ADR 053).
 */
export function DataSync() {
  return (
    <DataConfig>
      <SessionSync />
      <AuthDialogs />
      <PendingStep />
      <UnsavedChangesGuard />
    </DataConfig>
  );
}

function SessionSync() {
  const portal = usePortal();
  const { status, settled } = useSession();
  const brand = useBrand();
  const location = useLocation();
  const navigate = useNavigate();

  // Before the browser paints, so a shell never shows a render with the data layer but without its session.
  useLayoutEffect(() => {
    publishShellSession({ status, settled, landing: sessionLanding(status), brand });
  }, [status, settled, brand]);
  useLayoutEffect(() => () => publishShellSession(undefined), []);

  // Finish a logout on its target page (see useLogout), then forget the navigation state.
  const loggedOut = isLoggedOutState(location.state);
  useEffect(() => {
    if (!loggedOut) return;
    // The logout target is the home of the portal that was logged out of, so it is this screen's portal.
    void finishLogout(portal);
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [loggedOut, portal, location.pathname, location.search, location.hash, navigate]);

  return null;
}
