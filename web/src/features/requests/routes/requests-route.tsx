import { HISTORY_SEARCH_BOUND, type Workflow, type WorkflowRequest } from '@portal/core/workflow';
import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { DocumentIcon } from '../../../components/ui/icons.tsx';
import { pageLabels, Pagination } from '../../../components/ui/pagination.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { tabIds, Tabs } from '../../../components/ui/tabs.tsx';
import { SearchField } from '../../../components/ui/list-search.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { useResourceGet, resource } from '../../../lib/resource-client.ts';
import { formatDateTime, formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { MasterData } from '@portal/core/masterdata';
import { useWorkflows } from '../../../lib/flow-section.ts';
import { useRequestList } from '../api/requests.ts';
import type { CustomerChoice } from '../components/new-request-dialog.tsx';
import { STATUS_THEME } from '../model/status.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';

export const REQUEST_TABS = ['pending', 'history'] as const;
export type RequestTab = (typeof REQUEST_TABS)[number];
const PAGE_SIZE = 25;
// "New request" (its dialog, the create call) loads when first asked for, or when the pointer or focus reaches
// the button: the list's first view does not download it (ADR 128).
const loadNewRequest = () => import('../components/new-request-dialog.tsx');
const NewRequestDialog = lazyPart(loadNewRequest, 'NewRequestDialog');
const preloadNewRequest = () => void loadNewRequest().catch(() => undefined);
const masterData = resource((c) => c['master-data'], MasterData);

/**
 * /connect/requests (ADR 046): Pending (open requests: the user's own and those awaiting their
 * decision) and History (approved and archived) tabs, filters by customer and workflow and a request ID
 * search, all in the URL; "New request" chooses a workflow and opens the new request.
 */
type ListProps = {
  mayRequest: boolean;
  mayApprove: boolean;
  mayEditWorkflows: boolean;
  /** A global user: the API lists one named customer's requests only, so one must be chosen first. */
  global: boolean;
};
/** The request list; a user who may neither request nor approve sees the workflows instead (app/routes/connect-requests-route.tsx). */
export function RequestsRoute(props: ListProps) {
  return <RequestList {...props} />;
}

function RequestList({ mayRequest, mayApprove, mayEditWorkflows, global }: ListProps) {
  const t = useT();
  const filters = useRequestFilters(mayApprove);
  const { tab, customerId, workflowId, page, allOpen, q } = filters;
  const [creating, setCreating] = useState(false);
  const customers = useResourceGet(masterData).data?.customers ?? [];
  const needsCustomer = global && !customerId;
  const workflows = useWorkflows(customerId || customers[0]?.customerId || '').data?.workflows ?? [];
  const list = useRequestList(
    { history: tab === 'history', allOpen, customerId, workflowId, q, index: (page - 1) * PAGE_SIZE, maxResults: PAGE_SIZE },
    !needsCustomer,
  );
  const ids = tabIds('requests', tab);
  return (
    <div>
      <PageHeader
        title={t('requests.title')}
        description={t('requests.description')}
        actions={
          <RequestActions
            mayRequest={mayRequest}
            mayEditWorkflows={mayEditWorkflows}
            workflowId={workflowId}
            newWorkflowCustomer={customerId || customers[0]?.customerId || ''}
            onCreate={() => setCreating(true)}
          />
        }
      />
      <div className="space-y-6">
        <RequestFilters filters={filters} customers={customers} workflows={workflows} mayApprove={mayApprove} global={global} />
        <Tabs
          tabs={REQUEST_TABS.map((id) => ({ id, label: t(`requests.tabs.${id}`) }))}
          value={tab}
          onChange={(next: RequestTab) => filters.update({ tab: next === 'pending' ? '' : next })}
          label={t('requests.tabs.label')}
          idPrefix="requests"
        />
        <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} tabIndex={0} className="space-y-4 focus:outline-none">
          {needsCustomer ? (
            <EmptyState
              heading="h2"
              icon={<DocumentIcon className="size-6" />}
              title={t('requests.chooseCustomer.title')}
              text={t('requests.chooseCustomer.text')}
            />
          ) : (
            <RequestResults list={list} tab={tab} mayRequest={mayRequest} onPageChange={(next) => filters.update({ page: String(next) })} />
          )}
        </div>
      </div>
      {creating ? (
        <Suspense fallback={null}>
          <NewRequestDialog customers={customers} initialCustomer={customerId} onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The list's filters, all in the URL; every filter change goes back to the first page (ADR 057). */
function useRequestFilters(mayApprove: boolean) {
  const [params, update] = useUrlState({ resets: ['page'] });
  const tab: RequestTab = params.get('tab') === 'history' ? 'history' : 'pending';
  // SPEC only-pending=0: the approver's open list also shows drafts and rejected requests of their customers.
  const allOpen = mayApprove && tab === 'pending' && params.get('all') === '1';
  // The box shows what is typed; the search joins the URL once typing pauses (a shared link or a reload keeps it).
  const [search, setSearch] = useState(params.get('q') ?? '');
  const onSearch = (text: string) => {
    setSearch(text);
    update({ q: text.trim() }, { after: 300 });
  };
  return {
    update,
    tab,
    customerId: params.get('customer') ?? '',
    workflowId: params.get('workflow') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
    allOpen,
    q: params.get('q') ?? '',
    search,
    onSearch,
  };
}

/** The header's links and button: edit the filtered workflow, a new workflow, a new request. */
function RequestActions({
  mayRequest,
  mayEditWorkflows,
  workflowId,
  newWorkflowCustomer,
  onCreate,
}: {
  mayRequest: boolean;
  mayEditWorkflows: boolean;
  workflowId: string;
  newWorkflowCustomer: string;
  onCreate: () => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-2">
      {mayEditWorkflows && workflowId ? (
        <Link className={buttonClasses('text')} to={paths.connect.workflow(workflowId)}>
          {t('workflows.edit')}
        </Link>
      ) : null}
      {mayEditWorkflows ? (
        <Link
          className={buttonClasses('secondary')}
          to={`${paths.connect.workflow('new')}?customer=${encodeURIComponent(newWorkflowCustomer)}`}
        >
          {t('workflows.new')}
        </Link>
      ) : null}
      {mayRequest ? (
        <Button onClick={onCreate} onPointerEnter={preloadNewRequest} onFocus={preloadNewRequest}>
          {t('requests.new.button')}
        </Button>
      ) : null}
    </div>
  );
}

/** Customer (for users who may act for several: global users must pick one), workflow, the search and the approver's "all open". */
function RequestFilters({
  filters: { customerId, workflowId, tab, allOpen, search, onSearch, update },
  customers,
  workflows,
  mayApprove,
  global,
}: {
  filters: ReturnType<typeof useRequestFilters>;
  customers: CustomerChoice[];
  workflows: Workflow[];
  mayApprove: boolean;
  global: boolean;
}) {
  const t = useT();
  return (
    <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-3">
      {customers.length > 1 || global ? (
        <SelectField
          label={t('requests.filters.customer')}
          value={customerId}
          options={[
            { value: '', label: t(global ? 'requests.filters.chooseCustomer' : 'requests.filters.all') },
            ...customers.map((c) => ({ value: c.customerId, label: c.name })),
          ]}
          onValueChange={(customer) => update({ customer, workflow: '' })}
        />
      ) : null}
      <SelectField
        label={t('requests.filters.workflow')}
        value={workflowId}
        options={[{ value: '', label: t('requests.filters.all') }, ...workflows.map((w) => ({ value: w.workflowId, label: w.name }))]}
        onValueChange={(workflow) => update({ workflow })}
      />
      <div role="search">
        <SearchField
          label={t('requests.search.label')}
          placeholder={t('requests.search.placeholder')}
          value={search}
          onValueChange={onSearch}
        />
      </div>
      {mayApprove && tab === 'pending' ? (
        <div className="sm:col-span-2 lg:col-span-3">
          <CheckboxField label={t('requests.filters.allOpen')} checked={allOpen} onCheckedChange={(on) => update({ all: on ? '1' : '' })} />
        </div>
      ) : null}
    </Card>
  );
}

/** The tab's requests: the table (or why it is empty), the search's bound, the pages. */
function RequestResults({
  list,
  tab,
  mayRequest,
  onPageChange,
}: {
  list: ReturnType<typeof useRequestList>;
  tab: RequestTab;
  mayRequest: boolean;
  onPageChange: (page: number) => void;
}) {
  const t = useT();
  const format = useUserFormat();
  const columns = useRequestColumns();
  return (
    <>
      <QueryState
        result={list}
        failedMessage={t('requests.loadFailed')}
        retryLabel={t('requests.retry')}
        loadingLabel={t('requests.loading')}
        isEmpty={(data) => data.items.length === 0}
        empty={{
          icon: <DocumentIcon className="size-6" />,
          title: t('requests.empty.title'),
          text: t(`requests.empty.${tab === 'pending' && !mayRequest ? 'awaitingYou' : tab}`),
        }}
      >
        {(data) => (
          <DataTable
            caption={t(`requests.tabs.${tab}`)}
            columns={columns}
            rows={data.items}
            rowKey={(r) => r.id}
            busy={list.isValidating}
          />
        )}
      </QueryState>
      {list.data && !list.data.complete ? (
        <p className="text-sm text-slate-600">
          {t('requests.search.bounded', { count: HISTORY_SEARCH_BOUND, bound: formatNumber(HISTORY_SEARCH_BOUND, format.locale) })}
        </p>
      ) : null}
      {list.data && list.data.pagination.pageCount > 1 ? (
        <Pagination
          pagination={list.data.pagination}
          onPageChange={onPageChange}
          busy={list.isValidating}
          labels={pageLabels(
            t,
            'requests',
            list.data.pagination,
            t('requests.pagination.total', { count: list.data.pagination.totalCount }),
          )}
        />
      ) : null}
    </>
  );
}

/** The table's columns: the request (a link), its workflow, status, decision times and who edited it last. */
function useRequestColumns(): Column<WorkflowRequest>[] {
  const t = useT();
  const format = useUserFormat();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, format) : '—');
  return [
    {
      key: 'id',
      header: t('requests.columns.id'),
      nowrap: true,
      cell: (r) => (
        <Link className="font-medium text-brand-700 hover:underline" to={paths.connect.request(r.id)}>
          {r.id}
        </Link>
      ),
    },
    { key: 'workflow', header: t('requests.columns.workflow'), cell: (r) => r.workflowName },
    {
      key: 'status',
      header: t('requests.columns.status'),
      cell: (r) => <Badge theme={STATUS_THEME[r.status]}>{t(`requests.status.${r.status}`)}</Badge>,
    },
    { key: 'approvedAt', header: t('requests.columns.approvedAt'), nowrap: true, cell: (r) => when(r.approvedAt) },
    { key: 'rejectedAt', header: t('requests.columns.rejectedAt'), nowrap: true, cell: (r) => when(r.rejectedAt) },
    { key: 'editedBy', header: t('requests.columns.editedBy'), cell: (r) => r.editedByName ?? r.editedBy },
  ];
}
