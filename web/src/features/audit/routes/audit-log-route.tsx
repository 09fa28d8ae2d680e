import { AUDIT } from '@portal/core/audit';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { ListIcon } from '../../../components/ui/icons.tsx';
import { ListEmpty } from '../../../components/ui/list-empty.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useT } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useUserFormat } from '../../../lib/user-format.ts';
import { useAuditPage } from '../api/audit.ts';
import { AuditFilters } from '../components/audit-filters.tsx';
import { AuditEntries } from '../components/audit-list.tsx';
import {
  type AuditExportFilter,
  type AuditFilter,
  type AuditView,
  auditQuery,
  defaultAuditFilter,
  exportFilterOf,
  paramsOfView,
  rangeProblem,
  viewFromParams,
} from '../model/audit-filter.ts';

/** History state of a page reached with "Older entries": "Newer entries" steps back instead of adding an entry. */
const PAGED = 'audit:older';

/**
 * /app/audit-log and /connect/audit-log (ADR 116): the customer's audit log for its administrator
 * (ordering manageTeam, connect team.manageTeam): the filter, a page of entries newest first, older pages
 * by the server's cursor, and the export of the whole filtered log. Everything shown is in the URL (filter,
 * cursor): a search is a link, the back button steps through searches and pages. The export is another
 * feature's panel, handed in by the app's route (features do not import each other).
 */
export function AuditLogRoute({ exportPanel }: { exportPanel?: ((filter: AuditExportFilter) => ReactNode) | undefined } = {}) {
  const t = useT();
  const fmt = useUserFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const view = viewFromParams(params, fmt.today());
  const query = auditQuery(view);
  const page = useAuditPage(query);

  // The form edits a draft of the applied filter; a new URL (a search, the back button) starts it over.
  const appliedKey = JSON.stringify(view.filter);
  const [form, setForm] = useState({ key: appliedKey, draft: view.filter, attempted: false });
  const current = form.key === appliedKey ? form : { key: appliedKey, draft: view.filter, attempted: false };
  const go = (next: AuditView, options: { replace?: boolean; state?: unknown } = {}) => setParams(paramsOfView(next), options);
  const search = (draft: AuditFilter) => {
    const next: AuditView = { filter: draft, cursor: undefined };
    // The same search again reads again rather than showing what is cached.
    if (paramsOfView(next).toString() === params.toString()) void page.mutate();
    else go(next);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (rangeProblem(current.draft)) setForm({ ...current, attempted: true });
    else search(current.draft);
  };
  const newer = () => {
    if (location.state === PAGED) navigate(-1);
    else go({ ...view, cursor: undefined });
  };

  const refused = page.error instanceof ApiError && page.error.status === 400 ? page.error : undefined;
  const shownProblem = current.attempted || refused || !query ? rangeProblem(current.draft) : null;
  const exportFilter = exportPanel && !refused ? exportFilterOf(view) : null;
  const retention = page.data?.retentionDays;

  return (
    <div>
      <PageHeader
        title={t('audit.title')}
        description={
          <>
            {t('audit.description')}
            {retention ? ` ${t('audit.retention', { count: retention })}` : ''}
          </>
        }
      />
      <div className="space-y-6">
        <Card className="p-4 sm:p-5">
          <AuditFilters
            draft={current.draft}
            onChange={(draft) => setForm({ ...current, draft })}
            onSearch={onSearch}
            onClear={() => search(defaultAuditFilter(fmt.today()))}
            problem={shownProblem}
            today={fmt.today}
            busy={page.isValidating}
          />
        </Card>
        {exportFilter ? exportPanel!(exportFilter) : null}
        {refused ? (
          <Alert theme="red" role="alert">
            {refused.code === AUDIT.BAD_CURSOR ? t('audit.problems.badCursor') : t('audit.problems.rejected')}
            {view.cursor ? (
              <Button theme="text" className="-ml-3 mt-1 block" onClick={() => go({ ...view, cursor: undefined }, { replace: true })}>
                {t('audit.paging.newest')}
              </Button>
            ) : null}
          </Alert>
        ) : (
          <QueryState
            result={page}
            idle={!query}
            failedMessage={t('audit.loadFailed')}
            retryLabel={t('audit.retry')}
            loadingLabel={t('audit.loading')}
          >
            {(data) =>
              data.items.length === 0 ? (
                <Card>
                  <ListEmpty icon={<ListIcon className="size-6" />} title={t('audit.empty.title')} text={t('audit.empty.text')} />
                </Card>
              ) : (
                <div className="space-y-3">
                  <AuditEntries page={data} fmt={fmt} busy={page.isValidating} />
                  <nav aria-label={t('audit.paging.label')} className="flex flex-wrap items-center justify-between gap-3">
                    <span className="text-sm text-slate-600">{t('audit.paging.pageOf', { count: data.items.length })}</span>
                    <div className="flex flex-wrap gap-3">
                      {view.cursor ? (
                        <Button theme="secondary" onClick={newer}>
                          {location.state === PAGED ? t('audit.paging.previous') : t('audit.paging.newest')}
                        </Button>
                      ) : null}
                      {data.cursor ? (
                        <Button theme="secondary" onClick={() => go({ ...view, cursor: data.cursor ?? undefined }, { state: PAGED })}>
                          {t('audit.paging.older')}
                        </Button>
                      ) : null}
                    </div>
                  </nav>
                </div>
              )
            }
          </QueryState>
        )}
      </div>
    </div>
  );
}
