import type { RequestStepItem, WorkflowItemDefinition } from '@portal/core/workflow';
import { useEffect, useRef, useState } from 'react';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { useUserFormat } from '../../../lib/user-format.ts';
import { answerItem } from '../api/request-calls.ts';
import { answerText } from '../model/answer-text.ts';

/** How long typing pauses before a text, number or date answer is saved (ADR 053). */
export const ANSWER_SAVE_DELAY_MS = 800;

/**
 * A text, number, date or choice item: edited in place and saved as it is typed, once typing pauses for
 * ANSWER_SAVE_DELAY_MS, and when the field is left (ADR 053: a date typed and the page left without leaving
 * the field was lost). The server validates it against the item's definition; its answer shows under the
 * field. Until the answer is saved the page counts as unsaved input (lib/unsaved-changes.ts). Read-only
 * when the request may not be answered now.
 */
export function ItemAnswer({
  definition,
  item,
  editable,
  onSaved,
}: {
  definition: WorkflowItemDefinition;
  item: RequestStepItem;
  editable: boolean;
  onSaved: () => void;
}) {
  const t = useT();
  const format = useUserFormat();
  const [value, setValue] = useState(item.answer ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  /** The answer the server has (or is being sent): what a change is compared with. */
  const stored = useRef(item.answer ?? '');
  const [storedValue, setStoredValue] = useState(item.answer ?? '');
  useUnsavedChanges(editable && value !== storedValue);

  const save = async (next: string) => {
    if (next === stored.current) return;
    const before = stored.current;
    stored.current = next;
    setProblem(undefined);
    setSaved(false);
    try {
      await answerItem(item.id, next);
      setStoredValue(next);
      setSaved(true);
      onSaved();
    } catch (error) {
      stored.current = before;
      setProblem(errorMessage(error));
    }
  };
  const latestSave = useRef(save);
  latestSave.current = save;
  const typed = editable && definition.type !== 'choice';
  useEffect(() => {
    if (!typed || value === stored.current) return;
    const timer = setTimeout(() => void latestSave.current(value), ANSWER_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, value]);

  const label = definition.required ? `${definition.label} *` : definition.label;
  if (!editable) {
    return (
      <div>
        <dt className="text-sm font-medium text-slate-700">{definition.label}</dt>
        <dd className="mt-1 text-sm text-slate-900">
          {item.answer ? answerText(definition.type, item.answer, format.locale) : t('requestPage.item.unanswered')}
        </dd>
      </div>
    );
  }
  const helper = saved && value === storedValue ? t('requestPage.item.saved') : definition.help;
  if (definition.type === 'choice') {
    return (
      <SelectField
        label={label}
        value={value}
        options={[{ value: '', label: t('requestPage.item.choose') }, ...(definition.options ?? []).map((o) => ({ value: o, label: o }))]}
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
