import { ChartIcon } from '../../../components/ui/icons.tsx';
import { QueryState, type QueryStateProps } from '../../../components/ui/query-state.tsx';
import { useT } from '../../../i18n/index.ts';

/** A sales header's load states (QueryState) with the sales texts and the 'no sales' empty state. */
export function SalesQueryState<T>(props: Omit<QueryStateProps<T>, 'failedMessage' | 'retryLabel' | 'loadingLabel' | 'empty'>) {
  const t = useT();
  return (
    <QueryState
      {...props}
      failedMessage={t('sales.loadFailed')}
      retryLabel={t('sales.retry')}
      loadingLabel={t('sales.loading')}
      empty={{ icon: <ChartIcon className="size-6" />, title: t('sales.empty.title'), text: t('sales.empty.text') }}
    />
  );
}
