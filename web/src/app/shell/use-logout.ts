import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths.ts';
import { usePortal } from '../../lib/portal.ts';
import { loadDataLayer } from '../data-bridge.ts';

/** Navigation state that asks the data layer (DataSync) to finish a logout once the target page is shown. */
export interface LoggedOutState {
  loggedOut?: boolean;
}

/**
 * Log out: the server call, then the portal's home (its login card). DataSync (data-layer.tsx) finishes
 * the logout there (session reset, 'Logout successful'): by then the guarded screens are gone, so no guard
 * mistakes the ended session for an unauthenticated visit.
 */
export function useLogout(): () => Promise<void> {
  const portal = usePortal();
  const navigate = useNavigate();
  return async () => {
    const { logoutRequest } = await loadDataLayer();
    if (!(await logoutRequest(portal))) return;
    const state: LoggedOutState = { loggedOut: true };
    await navigate(portal === 'connect' ? paths.connect.root : paths.home, { replace: true, state });
  };
}
