import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InfoIcon } from '../../components/ui/icons.tsx';
import { useT } from '../../i18n/index.ts';

export function NotFoundRoute({ homeTo }: { homeTo: string }) {
  const t = useT();
  return (
    <div className="px-4 py-10 sm:py-16">
      <EmptyState
        icon={<InfoIcon className="size-6" />}
        title={t('notFound.title')}
        text={t('notFound.text')}
        action={
          <Link to={homeTo} className={buttonClasses('secondary')}>
            {t('common.backToHome')}
          </Link>
        }
      />
    </div>
  );
}
