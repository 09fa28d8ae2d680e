import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';

/** /sso-callback: single sign-on arrives with a later issue; until then this page says so. */
export function SsoCallbackRoute() {
  const t = useT();
  return (
    <div className="px-4 py-10 sm:py-16">
      <EmptyState
        badge={t('comingSoon.badge')}
        title={t('sso.title')}
        text={t('sso.text')}
        action={
          <Link to={paths.home} className={buttonClasses('primary')}>
            {t('sso.back')}
          </Link>
        }
      />
    </div>
  );
}
