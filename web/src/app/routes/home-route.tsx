import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '../../components/ui/card.tsx';
import { LoginCard } from '../../features/auth/components/login-card.tsx';
import { useT } from '../../i18n/index.ts';
import { storedSignedIn } from '../../lib/stored-session.ts';
import { useDataLayer, useDataLayerFailure } from '../data-bridge.ts';
import { usePublicBrandName, useShellSession } from '../shell-session.ts';
import { useFirstStatus } from '../first-status.ts';
import { publicHomeDecision } from '../home-decision.ts';
import { LoginHero } from './login-hero.tsx';
import { isLoggedOutState } from '../shell/logged-out-state.ts';

/**
 * / : the login card beside a short welcome. Visitors whose ordering session the server confirms go on
 * to their landing page (or back to the page they had asked for, when the rules allow: the sign-in
 * card decides the same way); a stored copy alone is not enough (it may be from an ended session).
 * The card paints before the data layer is there (data-bridge.ts); a stored signed-in copy, or a first status read
 * that does not say signed out, shows the spinner instead until it is (ADR 149).
 */
export function HomeRoute() {
  const t = useT();
  const layer = useDataLayer();
  const failure = useDataLayerFailure();
  const session = useShellSession();
  const brandName = usePublicBrandName() ?? t('app.fallbackName');
  const navigate = useNavigate();
  const location = useLocation();
  const justLoggedOut = isLoggedOutState(location.state);
  const decision = publicHomeDecision(session, justLoggedOut, storedSignedIn('ordering'), useFirstStatus());
  // 'signedIn' needs a settled session, which only the data layer publishes.
  if (decision === 'signedIn' && layer) {
    return <Navigate to={layer.signInDestination('ordering', session?.status)} replace />;
  }
  // Waiting for a layer whose download failed would spin forever: the region's error view offers a reload.
  if (decision === 'wait' && !session && failure !== undefined) throw failure;
  // Until the first status read answers, a spinner only if that takes long (a signed-out visitor's card comes next).
  if (decision !== 'login') return <FullPageSpinner label={t('app.loading')} delayed={decision === 'unknown'} />;

  return (
    <div className="relative overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-brand-50 to-transparent" />
      <LoginHero
        title={t('home.welcome', { brand: brandName })}
        intro={t('home.intro')}
        className="relative px-4 py-10 sm:px-6 sm:py-16 lg:px-8 lg:py-24"
      >
        <LoginCard portal="ordering" onSignedIn={(to) => navigate(to, { replace: true })} />
      </LoginHero>
    </div>
  );
}
