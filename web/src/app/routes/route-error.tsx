import { useRouteError } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { AlertIcon } from '../../components/ui/icons.tsx';
import { useT } from '../../i18n/index.ts';

/** Shown when rendering a route throws: no stack traces, a way out. */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  console.error(error);
  return (
    <div className="px-4 py-16">
      <EmptyState
        icon={<AlertIcon className="size-6" />}
        title={t('errors.unexpected')}
        text={t('errors.unexpectedText')}
        action={<Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>}
      />
    </div>
  );
}
