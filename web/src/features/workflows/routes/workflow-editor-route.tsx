import { WORKFLOW_ITEM_TYPES } from '@portal/core/workflow';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { optionalText, useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { createWorkflow, updateWorkflow, useWorkflow } from '../api/workflows.ts';
import { StepApprovers } from '../components/step-approvers.tsx';
import {
  draftOf,
  emptyDraft,
  idOf,
  inputOf,
  type ItemDraft,
  newItem,
  newStep,
  type StepDraft,
  type WorkflowDraft,
} from '../model/workflow-draft.ts';

/**
 * /connect/requests/workflows/:workflowId ("new" for a new one; ?customer=C) for flow.editWorkflows: a
 * simple editor of the steps and their items (type, label, required, choice options, screenflow image
 * count). Each save is a new version (PUT with the version it started from; a newer save meanwhile is a
 * 409); running requests keep theirs. Each step says who may approve it (StepApprovers).
 */
export function WorkflowEditorRoute() {
  const t = useT();
  const { workflowId = 'new' } = useParams();
  const existing = useWorkflow(workflowId === 'new' ? '' : workflowId);
  if (workflowId === 'new') return <Editor initial={emptyDraft()} />;
  return (
    <QueryState
      result={existing}
      failedMessage={t('workflows.loadFailed')}
      retryLabel={t('requests.retry')}
      loadingLabel={t('requests.loading')}
    >
      {(w) => (
        <Editor key={w.version} initial={draftOf(w)} workflowId={w.workflowId} baseVersion={w.version} customerId={w.customerId ?? ''} />
      )}
    </QueryState>
  );
}

function Editor({
  initial,
  workflowId,
  baseVersion,
  customerId: fixedCustomer,
}: {
  initial: WorkflowDraft;
  workflowId?: string;
  baseVersion?: number;
  customerId?: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const customerId = fixedCustomer ?? params.get('customer') ?? '';
  const [draft, setDraft] = useState(initial);
  // Edits not saved yet: leaving asks first (ADR 053).
  const [baseline, setBaseline] = useState(initial);
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(baseline));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  useEffect(() => setSaved(null), [draft]);
  const setStep = (index: number, next: Partial<StepDraft>) =>
    setDraft((d) => ({ ...d, steps: d.steps.map((s, i) => (i === index ? { ...s, ...next } : s)) }));
  const setItem = (step: number, index: number, next: Partial<ItemDraft>) =>
    setStep(step, { items: draft.steps[step]!.items.map((it, i) => (i === index ? { ...it, ...next } : it)) });
  const save = async () => {
    setProblem('');
    const result = inputOf(draft, customerId);
    if ('problems' in result) return setProblems(result.problems);
    setProblems({});
    setBusy(true);
    try {
      const w =
        workflowId && baseVersion
          ? await updateWorkflow(workflowId, { ...result.input, baseVersion })
          : await createWorkflow(result.input, idempotencyKey);
      setSaved(w.version);
      setBaseline(draft);
      if (!workflowId) navigate(paths.connect.workflow(w.workflowId), { replace: true });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  // Core's rules say what is wrong in English; the field's own text says it in the user's language.
  // Ids are derived from the names while new; a saved step or item keeps its id (answers of running requests refer to it).
  const isSaved = (stepId: string, itemId?: string) =>
    Boolean(workflowId) &&
    initial.steps.some((x) => x.stepId === stepId && (itemId === undefined || x.items.some((y) => y.itemId === itemId)));
  const p = (path: string) => {
    const message = problems[path];
    if (!message) return undefined;
    return optionalText(`workflows.fieldProblems.${path.split('.').at(-1)}`) ?? message;
  };
  return (
    <div>
      <Link to={paths.connect.requests} className="mb-4 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← {t('requests.back')}
      </Link>
      <PageHeader
        title={workflowId ? t('workflows.editTitle', { name: initial.name }) : t('workflows.newTitle')}
        description={t('workflows.description')}
      />
      <form
        className="space-y-6"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Card className="space-y-4 p-4 sm:p-5">
          <TextField
            label={t('workflows.name')}
            value={draft.name}
            onValueChange={(name) => setDraft({ ...draft, name })}
            error={p('name')}
          />
          <TextAreaField
            label={t('workflows.about')}
            value={draft.description}
            onValueChange={(description) => setDraft({ ...draft, description })}
            rows={2}
          />
        </Card>
        {draft.steps.map((step, s) => (
          <Card key={s} className="space-y-4 p-4 sm:p-5">
            <div className="flex items-end gap-3">
              <div className="flex-1">
                <TextField
                  label={t('workflows.stepName', { n: s + 1 })}
                  value={step.name}
                  onValueChange={(name) =>
                    setStep(s, {
                      name,
                      ...(isSaved(step.stepId)
                        ? {}
                        : {
                            stepId: idOf(
                              name || 'step',
                              draft.steps.filter((_, i) => i !== s).map((x) => x.stepId),
                            ),
                          }),
                    })
                  }
                  error={p(`steps.${s}.name`)}
                />
              </div>
              {draft.steps.length > 1 ? (
                <Button theme="text" onClick={() => setDraft({ ...draft, steps: draft.steps.filter((_, i) => i !== s) })}>
                  {t('workflows.removeStep')}
                </Button>
              ) : null}
            </div>
            <StepApprovers customerId={customerId} step={step} onChange={(next) => setStep(s, next)} error={p(`steps.${s}.approverIds`)} />
            <ul className="space-y-4">
              {step.items.map((item, i) => (
                <li key={i} className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end">
                  <TextField
                    label={t('workflows.itemLabel')}
                    value={item.label}
                    onValueChange={(label) =>
                      setItem(s, i, {
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
                    error={p(`steps.${s}.items.${i}.label`)}
                  />
                  <SelectField
                    label={t('workflows.itemType')}
                    value={item.type}
                    options={WORKFLOW_ITEM_TYPES.map((type) => ({ value: type, label: t(`workflows.types.${type}`) }))}
                    onValueChange={(type) => setItem(s, i, { type: type as ItemDraft['type'] })}
                  />
                  <div className="flex items-center gap-3 sm:pb-2.5">
                    <CheckboxField
                      label={t('workflows.required')}
                      checked={item.required}
                      onCheckedChange={(required) => setItem(s, i, { required })}
                    />
                    {step.items.length > 1 ? (
                      <Button theme="text" onClick={() => setStep(s, { items: step.items.filter((_, j) => j !== i) })}>
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
                        onValueChange={(options) => setItem(s, i, { options })}
                        rows={3}
                        error={p(`steps.${s}.items.${i}.options`)}
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
                      onValueChange={(maxFiles) => setItem(s, i, { maxFiles })}
                      error={p(`steps.${s}.items.${i}.maxFiles`)}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
            <Button theme="secondary" onClick={() => setStep(s, { items: [...step.items, newItem(step.items.map((x) => x.itemId))] })}>
              {t('workflows.addItem')}
            </Button>
          </Card>
        ))}
        <div className="flex flex-wrap gap-3">
          <Button
            theme="secondary"
            onClick={() => setDraft({ ...draft, steps: [...draft.steps, newStep(draft.steps.map((x) => x.stepId))] })}
          >
            {t('workflows.addStep')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('workflows.save')}
          </Button>
        </div>
        {Object.keys(problems).length ? (
          <Alert theme="red" role="alert">
            {t('workflows.problems')}
          </Alert>
        ) : null}
        {problem ? (
          <Alert theme="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        {saved ? <Alert theme="green">{t('workflows.saved', { version: saved })}</Alert> : null}
      </form>
    </div>
  );
}
