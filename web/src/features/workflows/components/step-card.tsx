import { isOneOf } from '@portal/core/shared';
import { WORKFLOW_ITEM_TYPES } from '@portal/core/workflow';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { idOf, type ItemDraft, newItem, type StepDraft } from '../model/workflow-draft.ts';
import { StepApprovers } from './step-approvers.tsx';

type StepCardProps = {
  step: StepDraft;
  /** Its place among the steps (0-based): its label's number and its problems' paths. */
  index: number;
  /** The other steps' ids: a new step's id derived from its name differs from them. */
  otherStepIds: string[];
  customerId: string;
  /** Whether the step (or its item) is saved already: then it keeps its id (answers of running requests refer to it). */
  isSaved: (stepId: string, itemId?: string) => boolean;
  /** The problem of a field path ("steps.0.name"), in the user's language. */
  problem: (path: string) => string | undefined;
  onChange: (next: Partial<StepDraft>) => void;
  /** Absent for the only step: a workflow has at least one. */
  onRemove?: () => void;
};

/** One step of the workflow editor: its name, who may approve it, its items and "Add item". */
export function StepCard({ step, index: s, otherStepIds, customerId, isSaved, problem: p, onChange, onRemove }: StepCardProps) {
  const t = useT();
  const setItem = (index: number, next: Partial<ItemDraft>) =>
    onChange({ items: step.items.map((it, i) => (i === index ? { ...it, ...next } : it)) });
  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <div className="flex items-end gap-3">
        <div className="flex-1">
          <TextField
            label={t('workflows.stepName', { n: s + 1 })}
            value={step.name}
            onValueChange={(name) => onChange({ name, ...(isSaved(step.stepId) ? {} : { stepId: idOf(name || 'step', otherStepIds) }) })}
            error={p(`steps.${s}.name`)}
          />
        </div>
        {onRemove ? (
          <Button theme="text" onClick={onRemove}>
            {t('workflows.removeStep')}
          </Button>
        ) : null}
      </div>
      <StepApprovers customerId={customerId} step={step} onChange={onChange} error={p(`steps.${s}.approverIds`)} />
      <ul className="space-y-4">
        {step.items.map((item, i) => (
          <ItemFields
            key={i}
            item={item}
            path={`steps.${s}.items.${i}`}
            problem={p}
            onChange={(next) => setItem(i, next)}
            onLabel={(label) =>
              setItem(i, {
                label,
                ...(isSaved(step.stepId, item.itemId)
                  ? {}
                  : {
                      itemId: idOf(
                        label || 'item',
                        step.items.filter((_, j) => j !== i).map((x) => x.itemId),
                      ),
                    }),
              })
            }
            onRemove={step.items.length > 1 ? () => onChange({ items: step.items.filter((_, j) => j !== i) }) : undefined}
          />
        ))}
      </ul>
      <Button theme="secondary" onClick={() => onChange({ items: [...step.items, newItem(step.items.map((x) => x.itemId))] })}>
        {t('workflows.addItem')}
      </Button>
    </Card>
  );
}

/** One item of a step: label, type, required, and a choice's options or a screenflow's image count. */
function ItemFields({
  item,
  path,
  problem: p,
  onChange,
  onLabel,
  onRemove,
}: {
  item: ItemDraft;
  /** The item's problems' path ("steps.0.items.1"). */
  path: string;
  problem: (path: string) => string | undefined;
  onChange: (next: Partial<ItemDraft>) => void;
  onLabel: (label: string) => void;
  onRemove?: () => void;
}) {
  const t = useT();
  return (
    <li className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end">
      <TextField label={t('workflows.itemLabel')} value={item.label} onValueChange={onLabel} error={p(`${path}.label`)} />
      <SelectField
        label={t('workflows.itemType')}
        value={item.type}
        options={WORKFLOW_ITEM_TYPES.map((type) => ({ value: type, label: t(`workflows.types.${type}`) }))}
        onValueChange={(type) => {
          if (isOneOf(WORKFLOW_ITEM_TYPES, type)) onChange({ type });
        }}
      />
      <div className="flex items-center gap-3 sm:pb-2.5">
        <CheckboxField label={t('workflows.required')} checked={item.required} onCheckedChange={(required) => onChange({ required })} />
        {onRemove ? (
          <Button theme="text" onClick={onRemove}>
            {t('workflows.removeItem')}
          </Button>
        ) : null}
      </div>
      {item.type === 'choice' ? (
        <div className="sm:col-span-3">
          <TextAreaField
            label={t('workflows.options')}
            helperText={t('workflows.optionsHelp')}
            value={item.options}
            onValueChange={(options) => onChange({ options })}
            rows={3}
            error={p(`${path}.options`)}
          />
        </div>
      ) : null}
      {item.type === 'screenflow' ? (
        <TextField
          label={t('workflows.maxFiles')}
          type="number"
          min={1}
          max={50}
          value={item.maxFiles}
          onValueChange={(maxFiles) => onChange({ maxFiles })}
          error={p(`${path}.maxFiles`)}
        />
      ) : null}
    </li>
  );
}
