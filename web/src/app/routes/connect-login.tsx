import { useNavigate } from 'react-router-dom';
import { LoginCard } from '../../features/auth/components/login-card.tsx';
import { useT } from '../../i18n/index.ts';
import { usePublicBrandName } from '../shell-session.ts';
import { LoginHero } from './login-hero.tsx';

/**
 * /connect while its visitor is not signed in to connect: the connect portal's login card beside its welcome, in
 * the public shell (router.tsx decides when, ADR 127). Like the ordering portal's login page (/), it paints from
 * the entry: the data layer and the signed-in code load at the first input, or when the status read says the
 * visitor may be signed in; once the session is confirmed the connect shell and its sections take over.
 */
export function ConnectLoginRoute() {
  const t = useT();
  const navigate = useNavigate();
  const brandName = usePublicBrandName() ?? t('app.fallbackName');
  return (
    <LoginHero
      title={t('home.connectWelcome', { brand: brandName })}
      intro={t('home.connectIntro')}
      className="px-4 py-10 sm:px-6 sm:py-16 lg:px-8"
    >
      <LoginCard portal="connect" eyebrow={t('app.portalConnect')} onSignedIn={(to) => navigate(to, { replace: true })} />
    </LoginHero>
  );
}
