import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { refreshSession } from '../../lib/auth.ts';
import { portalPaths } from '../../lib/paths.ts';
import { clearPasswordRenewal, usePasswordRenewal } from '../../lib/session.ts';

/**
 * A call answered 403 AUTH.PASSWORD_EXPIRED (ADR 011): read the status again (it now says expired) and
 * go to that portal's My Account, which shows 'Your password is expired…' and opens the change-password
 * dialog.
 */
export function PasswordRenewal() {
  const portal = usePasswordRenewal();
  const navigate = useNavigate();
  useEffect(() => {
    if (!portal) return;
    clearPasswordRenewal();
    void refreshSession(portal)
      .catch(() => undefined)
      .then(() => navigate(portalPaths(portal).myAccount));
  }, [portal, navigate]);
  return null;
}
