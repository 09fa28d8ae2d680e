import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/card.tsx';
import type { RetailerRequiredState } from '../features/retailer/routes/retailer-selection-route.tsx';
import { useChosenRetailer, useRetailerRestore } from '../features/retailer/api/chosen-retailer.ts';
import { useT } from '../i18n/index.ts';
import { sessionLanding, useSession } from '../lib/auth.ts';
import { retailerDecision, sectionDecision, strongAuthDecision } from './guard-decisions.ts';
import { NeedsStrongAuth, SectionDenied } from './guards.tsx';

// The ordering portal's guards (app-routes.tsx); RequireAuth, which both shells run, is in guards.tsx (ADR 127).

function SelectRetailer({ to }: { to: string }) {
  // The selection page shows the one message 'Please select a retailer to proceed.' (no toast on top).
  const state: RetailerRequiredState = { retailerRequired: true };
  return <Navigate to={to} replace state={state} />;
}

/**
 * Layout route for order, questionnaire, orders and sales: they need a chosen retailer. Without one in
 * this session the user's remembered (or only) retailer is restored first.
 */
export function RequireRetailer({ selectionPath }: { selectionPath: string }) {
  const t = useT();
  const { status } = useSession();
  const [retailer] = useChosenRetailer();
  const needed = retailerDecision(status, retailer !== null) === 'selectRetailer';
  const restoring = useRetailerRestore(needed) === 'resolving';
  if (restoring) return <FullPageSpinner label={t('app.loading')} />;
  if (needed) return <SelectRetailer to={selectionPath} />;
  return <Outlet />;
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
