import type { Workflow } from '@portal/core/workflow';
import { MasterData } from '@portal/core/masterdata';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { DocumentIcon } from '../../../components/ui/icons.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { resource, useResourceGet } from '../../../lib/resource-client.ts';
import { useWorkflows } from '../../../lib/flow-section.ts';

const masterData = resource((c) => c['master-data'], MasterData);

/**
 * The Requests section for a user who may only edit workflows (flow.editWorkflows without doRequests or
 * approveRequests): the customer's workflows with "New workflow" and "Edit", no request list (the API would
 * refuse it). The customer is in the URL (?customer=) like the request list's filter.
 */
export function WorkflowList() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const customers = useResourceGet(masterData).data?.customers ?? [];
  const customerId = params.get('customer') || customers[0]?.customerId || '';
  const workflows = useWorkflows(customerId);
  const columns: Column<Workflow>[] = [
    {
      key: 'name',
      header: t('workflows.columnName'),
      cell: (w) => (
        <Link className="font-medium text-brand-700 hover:underline" to={paths.connect.workflow(w.workflowId)}>
          {w.name}
        </Link>
      ),
    },
    { key: 'steps', header: t('workflows.columnSteps'), cell: (w) => w.steps.map((s) => s.name).join(' → ') },
    { key: 'version', header: t('workflows.columnVersion'), nowrap: true, cell: (w) => String(w.version) },
  ];
  return (
    <div>
      <PageHeader
        title={t('workflows.listTitle')}
        description={t('workflows.listDescription')}
        actions={
          <Link className={buttonClasses('primary')} to={`${paths.connect.workflow('new')}?customer=${encodeURIComponent(customerId)}`}>
            {t('workflows.new')}
          </Link>
        }
      />
      <div className="space-y-6">
        <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-3">
          <SelectField
            label={t('requests.filters.customer')}
            value={customerId}
            options={customers.map((c) => ({ value: c.customerId, label: c.name }))}
            onValueChange={(customer) => setParams({ customer }, { replace: true })}
          />
        </Card>
        <QueryState
          result={workflows}
          failedMessage={t('workflows.loadFailed')}
          retryLabel={t('requests.retry')}
          loadingLabel={t('requests.loading')}
          isEmpty={(data) => data.workflows.length === 0}
          empty={{ icon: <DocumentIcon className="size-6" />, title: t('workflows.emptyTitle'), text: t('workflows.emptyText') }}
        >
          {(data) => (
            <DataTable
              caption={t('workflows.listTitle')}
              columns={columns}
              rows={data.workflows}
              rowKey={(w) => w.workflowId}
              busy={workflows.isValidating}
            />
          )}
        </QueryState>
      </div>
    </div>
  );
}
