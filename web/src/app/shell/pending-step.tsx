import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { pendingStepOf, portalLanding, refreshSession } from '../../lib/auth.ts';
import { portalPaths } from '../../lib/paths.ts';
import { clearPendingStep, usePendingStep } from '../../lib/session.ts';

/**
 * A call answered 403 for a pending account step (AUTH.PASSWORD_EXPIRED, ADR 011; AUTH.MFA_SETUP_REQUIRED,
 * ADR 017): read the status again (it now names the step) and go to that portal's landing page, which
 * is where the step is taken — My Account with the change-password dialog, or the MFA set-up page. A 403
 * TERMS.ACCEPTANCE_REQUIRED (ADR 086): the status read again names the version, and the auth guard shows it.
 */
export function PendingStep() {
  const portal = usePendingStep();
  const navigate = useNavigate();
  useEffect(() => {
    if (!portal) return;
    clearPendingStep();
    void refreshSession(portal)
      // Only the terms of use pending: the auth guard shows them in place, and the user stays where they were.
      .then((status) => (pendingStepOf(status) === null && status.termsOfUsePending !== undefined ? null : portalLanding(portal, status)))
      .catch(() => portalPaths(portal).myAccount)
      .then((to) => (to === null ? undefined : navigate(to)));
  }, [portal, navigate]);
  return null;
}
