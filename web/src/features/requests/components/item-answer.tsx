import type { RequestStepItem, WorkflowItemDefinition } from '@portal/core/workflow';
import { useState } from 'react';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUserFormat } from '../../../lib/user-format.ts';
import { answerItem } from '../api/requests.ts';
import { answerText } from '../model/answer-text.ts';

/**
 * A text, number, date or choice item: edited in place and saved when the field is left (the server
 * validates it against the item's definition; its answer shows under the field). Read-only when the
 * request may not be answered now.
 */
export function ItemAnswer({ definition, item, editable, onSaved }: { definition: WorkflowItemDefinition; item: RequestStepItem; editable: boolean; onSaved: () => void }) {
  const t = useT();
  const format = useUserFormat();
  const [value, setValue] = useState(item.answer ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const label = definition.required ? `${definition.label} *` : definition.label;
  if (!editable) {
    return (
      <div>
        <dt className="text-sm font-medium text-slate-700">{definition.label}</dt>
        <dd className="mt-1 text-sm text-slate-900">{item.answer ? answerText(definition.type, item.answer, format.locale) : t('requests.item.unanswered')}</dd>
      </div>
    );
  }
  const save = async (next: string) => {
    if (next === (item.answer ?? '')) return;
    setProblem(undefined);
    setSaved(false);
    try {
      await answerItem(item.id, next);
      setSaved(true);
      onSaved();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const helper = saved ? t('requests.item.saved') : definition.help;
  if (definition.type === 'choice') {
    return (
      <SelectField
        label={label}
        value={value}
        options={[{ value: '', label: t('requests.item.choose') }, ...(definition.options ?? []).map((o) => ({ value: o, label: o }))]}
        onValueChange={(next) => {
          setValue(next);
          void save(next);
        }}
        {...(helper ? { helperText: helper } : {})}
      />
    );
  }
  return (
    <TextField
      label={label}
      type={definition.type === 'number' ? 'number' : definition.type === 'date' ? 'date' : 'text'}
      value={value}
      onValueChange={setValue}
      onBlur={() => void save(value)}
      error={problem}
      {...(helper ? { helperText: helper } : {})}
    />
  );
}
