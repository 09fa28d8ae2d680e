import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/card.tsx';
import type { RetailerRequiredState } from '../features/retailer/routes/retailer-selection-route.tsx';
import { useChosenRetailer, useRetailerRestore } from '../features/retailer/api/chosen-retailer.ts';
import { useT } from '../i18n/index.ts';
import { useSession } from '../lib/auth.ts';
import { usePortal } from '../lib/portal.ts';
import { markAuthorizationFailed, openDialog } from '../lib/session.ts';
import { authDecision, retailerDecision, strongAuthDecision } from './guard-decisions.ts';

function Denied({ to }: { to: string }) {
  const portal = usePortal();
  useEffect(() => {
    markAuthorizationFailed(portal);
  }, [portal]);
  return <Navigate to={to} replace />;
}

/**
 * Authenticated sections: without a session of this portal the auth-required state is set (the 'Access
 * denied' dialog opens) and the user is sent to the portal's home, where the login card is.
 */
export function RequireAuth({ children, redirectTo }: { children: ReactNode; redirectTo: string }) {
  const t = useT();
  const { status, loading } = useSession();
  const decision = authDecision(status, loading);
  if (decision === 'wait') return <FullPageSpinner label={t('app.loading')} />;
  if (decision === 'deny') return <Denied to={redirectTo} />;
  return children;
}

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

function NeedsStrongAuth({ to }: { to: string }) {
  useEffect(() => {
    openDialog('mfaRequired');
  }, []);
  return <Navigate to={to} replace />;
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
