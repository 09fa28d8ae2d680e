import { createContext, type ReactElement, Suspense, useContext, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/card.tsx';
import type { RetailerRequiredState } from '../features/retailer/routes/retailer-selection-route.tsx';
import { useChosenRetailer, useRetailerRestore } from '../features/retailer/api/chosen-retailer.ts';
import { useT } from '../i18n/index.ts';
import { sessionLanding, useSession } from '../lib/auth.ts';
import { retailerDecision, sectionDecision, strongAuthDecision } from './guard-decisions.ts';
import { NeedsStrongAuth, SectionDenied } from './guards.tsx';
import { preloadRouteElements } from './lazy-route.ts';

// The ordering portal's guards (app-routes.tsx); RequireAuth, which both shells run, is in guards.tsx (ADR 127).

function SelectRetailer({ to, from }: { to: string; from: string }) {
  // The selection page shows the one message 'Please select a retailer to proceed.' (no toast on top); choosing a
  // retailer there continues to `from`, the address the user opened.
  const state: RetailerRequiredState = { retailerRequired: true, from };
  return <Navigate to={to} replace state={state} />;
}

/**
 * What a screen behind RequireRetailer (wrapped in AfterRetailer by app-routes.tsx) does while the guard restores
 * the retailer: `show` itself (a retailer is chosen), `preload` its code (a remembered retailer is being checked:
 * the user most likely goes on to it), or `wait` (the user most likely chooses a retailer first).
 */
type RetailerHold = 'show' | 'preload' | 'wait';
const RetailerHoldContext = createContext<RetailerHold>('show');

/**
 * Layout route for order, questionnaire, orders and sales: they need a chosen retailer. Without one in
 * this session the user's remembered (or only) retailer is restored first. Their screens are not downloaded
 * with the page (ADR 140): while the retailers are read, the code of where the user most likely goes next
 * loads beside the read — the screen when a remembered retailer is being checked, else `selection` (the
 * retailer selection's route element) — so a user sent to the selection does not download the screen too.
 */
export function RequireRetailer({ selectionPath, selection }: { selectionPath: string; selection: ReactElement }) {
  const t = useT();
  const { status } = useSession();
  const { pathname, search } = useLocation();
  const [retailer] = useChosenRetailer();
  const needed = retailerDecision(status, retailer !== null) === 'selectRetailer';
  const restore = useRetailerRestore(needed);
  useEffect(() => {
    if (restore === 'reading') preloadRouteElements([selection]);
  }, [restore, selection]);
  if (restore !== 'done')
    return (
      <>
        <FullPageSpinner label={t('app.loading')} />
        <Suspense fallback={null}>
          <RetailerHoldContext.Provider value={restore === 'checking' ? 'preload' : 'wait'}>
            <Outlet />
          </RetailerHoldContext.Provider>
        </Suspense>
      </>
    );
  if (needed) return <SelectRetailer to={selectionPath} from={`${pathname}${search}`} />;
  return <Outlet />;
}

/**
 * A screen behind RequireRetailer (app-routes.tsx): passed as `screen`, not as a child, so the router's preload of
 * a deep link's matched elements (preloadRouteElements follows children) leaves its download to the guard.
 */
export function AfterRetailer({ screen }: { screen: ReactElement }) {
  const hold = useContext(RetailerHoldContext);
  useEffect(() => {
    if (hold === 'preload') preloadRouteElements([screen]);
  }, [hold, screen]);
  return hold === 'show' ? screen : null;
}

/**
 * Layout route for every /app section but My Account and MFA set-up (ADR 017): while a step
 * of the account is pending, or when the permissions do not open the section, the user goes to the
 * session's landing page (the step's page, or the configured one) instead of a screen whose calls the
 * API refuses.
 */
export function RequireSection() {
  const t = useT();
  const { status, settled } = useSession();
  const { pathname } = useLocation();
  const decision = sectionDecision(status, pathname);
  if (decision === 'allow') return <Outlet />;
  if (decision === 'pendingStep') return <Navigate to={sessionLanding(status)} replace />;
  // A status kept from before may be stale: deny only on the server's current answer. Then say why, as
  // connect does (ADR 031): the 'Access denied' dialog over the user's landing page, never a silent jump.
  if (!settled) return <FullPageSpinner label={t('app.loading')} />;
  return <SectionDenied to={sessionLanding(status)} />;
}

/**
 * Layout route for sections that need the higher authentication standard (SPEC 6, ADR 006): without it
 * the 'This section requires a higher authentication standard…' dialog opens over My Account.
 */
export function RequireStrongAuth({ deniedPath }: { deniedPath: string }) {
  const { status } = useSession();
  if (strongAuthDecision(status) === 'deny') return <NeedsStrongAuth to={deniedPath} />;
  return <Outlet />;
}
