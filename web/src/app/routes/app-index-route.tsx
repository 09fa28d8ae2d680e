import { Navigate } from 'react-router-dom';
import { sessionLanding, useSession } from '../../lib/auth.ts';

/** /app itself: the session's landing page. */
export function AppIndexRoute() {
  const { status } = useSession();
  return <Navigate to={sessionLanding(status)} replace />;
}
