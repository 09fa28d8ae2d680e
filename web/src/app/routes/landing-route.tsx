import { Navigate } from 'react-router-dom';
import { FullPageSpinner } from '../../components/ui/card.tsx';
import { useT } from '../../i18n/index.ts';
import { sessionLanding, useSession } from '../../lib/auth.ts';

/**
 * /landing: resolves the session's landing page (SPEC 2) and goes there — the configured target, My
 * Account, or / when logged out.
 */
export function LandingRoute() {
  const t = useT();
  const { status, loading } = useSession();
  if (!status && loading) return <FullPageSpinner label={t('landing.redirecting')} />;
  return <Navigate to={sessionLanding(status)} replace />;
}
