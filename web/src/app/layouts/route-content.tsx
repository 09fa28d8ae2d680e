import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../components/ui/card.tsx';
import { useT } from '../../i18n/index.ts';

/**
 * A layout's content region: the matched route, lazily loaded. While a route's code loads on the first
 * visit, the region shows a spinner (after 300 ms: a fast load shows none) and the shell around it stays;
 * a later navigation keeps the current screen until the next one is ready (the router navigates in a
 * transition), so nothing flashes.
 */
export function RouteContent() {
  const t = useT();
  return (
    <Suspense fallback={<FullPageSpinner label={t('app.loading')} delayed />}>
      <Outlet />
    </Suspense>
  );
}
