import { isOneOf } from '@portal/core/shared';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { useApproverCandidates } from '../api/workflows.ts';
import { APPROVER_CHOICES, type StepDraft } from '../model/workflow-draft.ts';

/**
 * A step's "who may approve" (ADR 046): any approver of the request's customer (the
 * contract's empty approverIds) or only the chosen users among the customer's approvers. A workflow for
 * all customers (no customerId) names nobody: one customer's users would not exist for the others.
 */
export function StepApprovers({
  customerId,
  step,
  onChange,
  error,
}: {
  customerId: string;
  step: StepDraft;
  onChange: (next: Partial<StepDraft>) => void;
  error?: string;
}) {
  const t = useT();
  const candidates = useApproverCandidates(customerId);
  if (!customerId) return <p className="text-sm text-slate-600">{t('workflows.approvers.allCustomers')}</p>;
  const known = candidates.data?.candidates ?? [];
  // A chosen user who lost approveRequests since still shows, so the editor can take them off.
  const people = [
    ...known,
    ...step.approverIds.filter((id) => !known.some((c) => c.username === id)).map((id) => ({ username: id, displayname: id })),
  ];
  const toggle = (username: string, on: boolean) =>
    onChange({ approverIds: on ? [...step.approverIds, username] : step.approverIds.filter((id) => id !== username) });
  return (
    <div className="space-y-3">
      <SelectField
        label={t('workflows.approvers.label')}
        value={step.approvers}
        options={[
          { value: 'any', label: t('workflows.approvers.any') },
          { value: 'chosen', label: t('workflows.approvers.chosen') },
        ]}
        onValueChange={(approvers) => {
          if (isOneOf(APPROVER_CHOICES, approvers)) onChange({ approvers });
        }}
      />
      {step.approvers === 'chosen' ? (
        <fieldset className="space-y-2" aria-describedby={error ? `${step.stepId}-approvers-error` : undefined}>
          <legend className="sr-only">{t('workflows.approvers.label')}</legend>
          {candidates.error ? <p className="text-sm text-red-700">{t('workflows.approvers.loadFailed')}</p> : null}
          {candidates.data && people.length === 0 ? <p className="text-sm text-slate-600">{t('workflows.approvers.none')}</p> : null}
          <div className="grid gap-2 sm:grid-cols-2">
            {people.map((c) => (
              <CheckboxField
                key={c.username}
                label={c.displayname === c.username ? c.username : `${c.displayname} (${c.username})`}
                checked={step.approverIds.includes(c.username)}
                onCheckedChange={(on) => toggle(c.username, on)}
              />
            ))}
          </div>
          {error ? (
            <p id={`${step.stepId}-approvers-error`} className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
