import { connectSectionNeedsStrongAuth } from '@portal/core/auth';
import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/card.tsx';
import type { RetailerRequiredState } from '../features/retailer/routes/retailer-selection-route.tsx';
import { useChosenRetailer, useRetailerRestore } from '../features/retailer/api/chosen-retailer.ts';
import { type ConnectSection, mayUseSection } from '../features/connect/sections.ts';
import { useT } from '../i18n/index.ts';
import { sessionLanding, useSession } from '../lib/auth.ts';
import { paths } from '../lib/paths.ts';
import { usePortal } from '../lib/portal.ts';
import { markAuthorizationFailed, openDialog, setReturnPath } from '../lib/session.ts';
import { authDecision, retailerDecision, sectionDecision, strongAuthDecision, termsDecision } from './guard-decisions.ts';
import { TermsGate } from './shell/terms-gate.tsx';

function Denied({ to }: { to: string }) {
  const portal = usePortal();
  const { pathname, search, hash } = useLocation();
  const requested = `${pathname}${search}${hash}`;
  useEffect(() => {
    // Kept so the sign-in can come back here (ADR 017); whether it may is decided then.
    setReturnPath(portal, requested);
    markAuthorizationFailed(portal);
  }, [portal, requested]);
  return <Navigate to={to} replace />;
}

/**
 * Authenticated sections: without a session of this portal the auth-required state is set (the 'Access
 * denied' dialog opens) and the user is sent to the portal's home, where the login card is; the address
 * asked for is kept for after the sign-in. While the brand's terms of use wait for acceptance, the terms
 * screen stands in for the section, which opens at the same address once they are accepted.
 */
export function RequireAuth({ children, redirectTo }: { children: ReactNode; redirectTo: string }) {
  const t = useT();
  const portal = usePortal();
  const { status, loading } = useSession();
  const decision = authDecision(status, loading);
  // Signed in and inside: an address kept for after the sign-in has served its purpose.
  useEffect(() => {
    if (decision === 'allow') setReturnPath(portal, null);
  }, [decision, portal]);
  if (decision === 'wait') return <FullPageSpinner label={t('app.loading')} />;
  if (decision === 'deny') return <Denied to={redirectTo} />;
  // The brand's terms of use, once no account step is pending: in place of the screen asked for (ADR 086).
  if (termsDecision(status) === 'accept') return <TermsGate />;
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

function SectionDenied({ to }: { to: string }) {
  useEffect(() => {
    openDialog('sectionDenied');
  }, []);
  return <Navigate to={to} replace />;
}

/**
 * A connect section (inside RequireAuth): when the module permissions do not open it (core's table, ADR
 * 031) — a direct URL, a bookmark — the user goes to the connect home and the 'Access denied' dialog opens.
 * A section that needs the higher authentication standard (core's connectSectionNeedsStrongAuth, as its API)
 * sends a user without it to My Account with the dialog that says why, as /app's RequireStrongAuth (ADR 123).
 */
export function RequireConnectSection({ section, children }: { section: ConnectSection; children: ReactNode }) {
  const t = useT();
  const { status, settled } = useSession();
  if (mayUseSection(status, section)) {
    if (connectSectionNeedsStrongAuth(section.key) && strongAuthDecision(status) === 'deny') {
      return <NeedsStrongAuth to={paths.connect.myAccount} />;
    }
    return children;
  }
  // A status kept from before may be stale: deny only on the server's current answer.
  if (!settled) return <FullPageSpinner label={t('app.loading')} />;
  return <SectionDenied to={paths.connect.root} />;
}
