import type { SerialCheckAnswer } from '@portal/core/couponing';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState, type EmptyStateProps } from '../../../components/ui/empty-state.tsx';
import { ChevronLeftIcon, TicketIcon } from '../../../components/ui/icons.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useCouponingDraft } from '../model/couponing-draft.ts';
import { resultCounts, resultRows } from '../model/result-rows.ts';
import { useSerialCheck } from '../api/serial-check.ts';
import { CouponingPage } from '../components/couponing-page.tsx';
import { ResultsTable } from '../components/results-table.tsx';

/**
 * /app/couponing/query — step 2, Query: the serial-number check of the serials the Filter step sent,
 * one row per card (SPEC 2). Without serials (a new tab, a bookmark) it says 'no results' and leads back
 * to the Filter step.
 */
export function QueryRoute() {
  const t = useT();
  const { serials } = useCouponingDraft();
  const check = useSerialCheck(serials);
  const { isValidating } = check;

  const back = (
    <Link to={paths.app.couponing.serials} className={buttonClasses('secondary')}>
      <ChevronLeftIcon className="size-4" />
      {t('couponing.query.change')}
    </Link>
  );
  const noResults: EmptyStateProps = {
    icon: <TicketIcon className="size-6" />,
    title: t('couponing.query.noResults'),
    text: t('couponing.query.noResultsText'),
    action: (
      <Link to={paths.app.couponing.serials} className={buttonClasses('primary')}>
        {t('couponing.toFilter')}
      </Link>
    ),
  };

  const body =
    serials.length === 0 ? (
      <EmptyState heading="h2" {...noResults} />
    ) : (
      <QueryState
        result={check}
        failedMessage={t('couponing.query.loadFailed')}
        retryLabel={t('couponing.query.retry')}
        loadingLabel={t('couponing.query.loading')}
        isEmpty={(data) => data.results.length === 0}
        empty={noResults}
      >
        {(data) => <QueryResults answer={data} busy={isValidating} />}
      </QueryState>
    );

  return (
    <CouponingPage
      step={1}
      title={t('couponing.query.title')}
      description={t('couponing.query.description')}
      actions={serials.length > 0 ? back : undefined}
    >
      {body}
    </CouponingPage>
  );
}

function QueryResults({ answer, busy }: { answer: SerialCheckAnswer; busy: boolean }) {
  const t = useT();
  const counts = resultCounts(answer);
  return (
    <div className={`space-y-3 transition-opacity ${busy ? 'opacity-60' : ''}`} aria-busy={busy || undefined}>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600" role="status">
        <span>{t('couponing.query.summary', { count: counts.serials })}</span>
        {counts.notFound > 0 ? <span>{t('couponing.query.notFoundCount', { count: counts.notFound })}</span> : null}
      </p>
      <ResultsTable rows={resultRows(answer)} />
    </div>
  );
}
