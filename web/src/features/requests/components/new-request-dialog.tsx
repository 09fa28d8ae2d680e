import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useWorkflows } from '../../../lib/flow-section.ts';
import { createRequest } from '../api/requests.ts';
import { useBusyCall } from '../../../lib/use-busy-call.ts';
import { ActionDialog } from './action-dialog.tsx';

export type CustomerChoice = { customerId: string; name: string };

/** "New request": the customer, then one of its workflows; the request opens at its first step. */
export function NewRequestDialog({
  customers,
  initialCustomer,
  onClose,
}: {
  customers: CustomerChoice[];
  initialCustomer: string;
  onClose: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [customerId, setCustomerId] = useState(initialCustomer || customers[0]?.customerId || '');
  const workflows = useWorkflows(customerId).data?.workflows ?? [];
  const [workflowId, setWorkflowId] = useState('');
  const chosen = workflows.some((w) => w.workflowId === workflowId) ? workflowId : (workflows[0]?.workflowId ?? '');
  const { busy, problem, run } = useBusyCall({ holdOnSuccess: true });
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const create = () =>
    void run(async () => {
      const detail = await createRequest({ workflowId: chosen, customerId }, idempotencyKey);
      navigate(paths.connect.request(detail.request.id));
    });
  return (
    <ActionDialog
      title={t('requests.new.title')}
      actionLabel={t('requests.new.create')}
      onAction={create}
      onClose={onClose}
      busy={busy}
      problem={problem}
      disabled={!chosen || !customerId}
    >
      <SelectField
        label={t('requests.filters.customer')}
        value={customerId}
        options={customers.map((c) => ({ value: c.customerId, label: c.name }))}
        onValueChange={setCustomerId}
      />
      <SelectField
        label={t('requests.new.workflow')}
        value={chosen}
        options={
          workflows.length
            ? workflows.map((w) => ({ value: w.workflowId, label: w.name }))
            : [{ value: '', label: t('requests.new.noWorkflows') }]
        }
        onValueChange={setWorkflowId}
        disabled={workflows.length === 0}
      />
      {workflows.find((w) => w.workflowId === chosen)?.description ? (
        <p>{workflows.find((w) => w.workflowId === chosen)?.description}</p>
      ) : null}
    </ActionDialog>
  );
}
