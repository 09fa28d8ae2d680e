import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/card.tsx';
import { useT } from '../i18n/index.ts';
import { usePortal } from '../lib/portal.ts';
import { useSession } from '../lib/auth.ts';
import { markAuthorizationFailed, openDialog, setReturnPath } from '../lib/session.ts';
import { authDecision, termsDecision } from './guard-decisions.ts';
import { TermsGate } from './shell/terms-gate.tsx';

// The guard both signed-in shells run (RequireAuth) and the redirects the portals' own guards share
// (ordering-guards.tsx, connect-guards.tsx); with the data layer, which every signed-in page loads (ADR 127).

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

/** Without the higher authentication standard (SPEC 6, ADR 006): the dialog that says why, over `to`. */
export function NeedsStrongAuth({ to }: { to: string }) {
  useEffect(() => {
    openDialog('mfaRequired');
  }, []);
  return <Navigate to={to} replace />;
}

/** A section the permissions do not open: the 'Access denied' dialog over `to` (ADR 031). */
export function SectionDenied({ to }: { to: string }) {
  useEffect(() => {
    openDialog('sectionDenied');
  }, []);
  return <Navigate to={to} replace />;
}
