import { Navigate } from 'react-router-dom';
import { FullPageSpinner } from '../../components/ui/card.tsx';
import { useT } from '../../i18n/index.ts';
import { sessionLanding, useSession } from '../../lib/auth.ts';

/**
 * /landing: resolves the session's landing page (SPEC 2) and goes there — the configured target, My
 * Account, or / when logged out. It waits for the server's answer: a stored copy of an ended session
 * would send a signed-out visitor into /app and its 'Access denied' dialog.
 */
export function LandingRoute() {
  const t = useT();
  const { status, settled } = useSession();
  if (!settled) return <FullPageSpinner label={t('landing.redirecting')} />;
  return <Navigate to={sessionLanding(status)} replace />;
}
