import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '../../components/ui/card.tsx';
import { LoginCard } from '../../features/auth/components/login-card.tsx';
import { useBrand } from '../../features/brand/api/brand.ts';
import { connectSectionsOf } from '../../features/connect/sections.ts';
import { useT } from '../../i18n/index.ts';
import { pendingStepOf, portalLanding, useSession } from '../../lib/auth.ts';
import { homeDecision } from '../home-decision.ts';
import { termsDecision } from '../guard-decisions.ts';
import { TermsGate } from '../shell/terms-gate.tsx';
import { LoginHero } from './login-hero.tsx';
import { isLoggedOutState } from '../shell/logged-out-state.ts';

/**
 * /connect: the connect portal's login (the same login card, portal 'connect'); once the server confirms
 * the connect session, the overview of the sections its module permissions open.
 */
export function ConnectHomeRoute() {
  const t = useT();
  const brand = useBrand();
  const navigate = useNavigate();
  const location = useLocation();
  const { status, settled } = useSession();
  const justLoggedOut = isLoggedOutState(location.state);
  const brandName = brand?.name ?? t('app.fallbackName');
  const decision = homeDecision(status, settled, justLoggedOut);

  if (decision === 'wait') return <FullPageSpinner label={t('app.loading')} />;
  if (decision === 'login') {
    return (
      <LoginHero title={t('home.connectWelcome', { brand: brandName })} intro={t('home.connectIntro')} className="py-4 sm:py-10">
        <LoginCard portal="connect" eyebrow={t('app.portalConnect')} onSignedIn={(to) => navigate(to, { replace: true })} />
      </LoginHero>
    );
  }
  // A pending step (expired password, MFA to set up) is taken before the sections are offered.
  if (pendingStepOf(status)) return <Navigate to={portalLanding('connect', status)} replace />;
  // Then the brand's terms of use (ADR 086), in place of the sections.
  if (termsDecision(status) === 'accept') return <TermsGate />;

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('connect.homeTitle')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('connect.homeText')}</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {connectSectionsOf(status).map((section) => (
          <li key={section.key}>
            <Link
              to={section.path}
              className="flex items-center justify-between rounded-xl bg-white p-4 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-200 hover:ring-brand-300"
            >
              {t(section.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
