import { QueryState, type QueryStateProps } from '../../../components/ui/query-state.tsx';
import { useT } from '../../../i18n/index.ts';

/** A reports panel's load states (QueryState) with the section's retry and loading texts. */
export function ReportQuery<T>(props: Omit<QueryStateProps<T>, 'retryLabel' | 'loadingLabel'>) {
  const t = useT();
  return <QueryState {...props} retryLabel={t('reports.retry')} loadingLabel={t('reports.loading')} />;
}
