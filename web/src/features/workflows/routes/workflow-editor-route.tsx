import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, ProblemAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { optionalText, useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { createWorkflow, updateWorkflow, useWorkflow } from '../api/workflows.ts';
import { StepCard } from '../components/step-card.tsx';
import { draftOf, emptyDraft, inputOf, newStep, type StepDraft, type WorkflowDraft } from '../model/workflow-draft.ts';

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
  const [params] = useSearchParams();
  const customerId = fixedCustomer ?? params.get('customer') ?? '';
  const [draft, setDraft] = useState(initial);
  const saving = useWorkflowSave({ draft, customerId, workflowId, baseVersion });
  const { problems, problem, busy, saved } = saving;
  const setStep = (index: number, next: Partial<StepDraft>) =>
    setDraft((d) => ({ ...d, steps: d.steps.map((s, i) => (i === index ? { ...s, ...next } : s)) }));
  // Ids are derived from the names while new; a saved step or item keeps its id (answers of running requests refer to it).
  const isSaved = (stepId: string, itemId?: string) =>
    Boolean(workflowId) &&
    initial.steps.some((x) => x.stepId === stepId && (itemId === undefined || x.items.some((y) => y.itemId === itemId)));
  const p = fieldProblem(problems);
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
          void saving.save();
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
          <StepCard
            key={s}
            step={step}
            index={s}
            otherStepIds={draft.steps.filter((_, i) => i !== s).map((x) => x.stepId)}
            customerId={customerId}
            isSaved={isSaved}
            problem={p}
            onChange={(next) => setStep(s, next)}
            onRemove={draft.steps.length > 1 ? () => setDraft({ ...draft, steps: draft.steps.filter((_, i) => i !== s) }) : undefined}
          />
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
        <ProblemAlert problem={problem} />
        {saved ? <Alert theme="green">{t('workflows.saved', { version: saved })}</Alert> : null}
      </form>
    </div>
  );
}

/**
 * The draft's save: core's rules first (their problems by field path), then a new workflow (once, by its
 * idempotency key) or a new version of this one; unsaved edits ask before leaving (ADR 053).
 */
function useWorkflowSave({
  draft,
  customerId,
  workflowId,
  baseVersion,
}: {
  draft: WorkflowDraft;
  customerId: string;
  workflowId?: string;
  baseVersion?: number;
}) {
  const navigate = useNavigate();
  const [baseline, setBaseline] = useState(draft);
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(baseline));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  useEffect(() => setSaved(null), [draft]);
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
  return { problems, problem, busy, saved, save };
}

/** Core's rules say what is wrong in English; the field's own text says it in the user's language. */
const fieldProblem = (problems: Record<string, string>) => (path: string) => {
  const message = problems[path];
  if (!message) return undefined;
  return optionalText(`workflows.fieldProblems.${path.split('.').at(-1)}`) ?? message;
};
