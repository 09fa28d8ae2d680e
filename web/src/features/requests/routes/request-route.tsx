import type { RequestDetail, WorkflowStepDefinition } from '@portal/core/workflow';
import { Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert, ProblemAlert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { NearView } from '../../../components/ui/near-view.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Stepper } from '../../../components/ui/stepper.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useBusyCall } from '../../../lib/use-busy-call.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { approveRequest, archiveRequest, rejectRequest, submitStep, useRequest } from '../api/request-calls.ts';
import type { Decision } from '../components/request-dialogs.tsx';
import { FileUpload } from '../components/file-upload.tsx';
import { ItemFiles } from '../components/image-pins.tsx';
import { ItemAnswer } from '../components/item-answer.tsx';
import { STATUS_THEME } from '../model/status.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';

/**
 * A change request's diff (the company's master data, ADR 046): only such a request shows it, so it loads when the
 * request's answer says there is one, and the page of any other request does not download it (ADR 151).
 */
const ChangeDiff = lazyPart(() => import('../../../components/change-diff.tsx'), 'ChangeDiff');

/** Approve, reject and archive confirm: loaded on intent, when a user points at or focuses their button, or presses it (ADR 156). */
const loadDialogs = () => import('../components/request-dialogs.tsx');
const preloadDialogs = () => void loadDialogs().catch(() => undefined);
const DecisionDialog = lazyPart(loadDialogs, 'DecisionDialog');
const ArchiveDialog = lazyPart(loadDialogs, 'ArchiveDialog');
const intent = { onPointerEnter: preloadDialogs, onFocus: preloadDialogs };

/** The audit trail, below the steps: loaded near the viewport or once the page is idle (ADR 141, 156). */
const AuditTrail = lazyPart(() => import('../components/audit-trail.tsx'), 'AuditTrail');

/**
 * /connect/requests/:requestId (ADR 046): the workflow's steps as a stepper, each reached step's
 * items (the current one editable while the requester may answer), uploads with their pinned comments, the
 * step submission with its enquiry, approve / reject, archive, and the audit trail. What the buttons offer
 * is the server's `may` (the state table and the caller's permissions), so the screen never guesses.
 */
export function RequestRoute() {
  const t = useT();
  const { requestId = '' } = useParams();
  const detail = useRequest(requestId);
  return (
    <div>
      <Link to={paths.connect.requests} className="mb-4 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← {t('requests.back')}
      </Link>
      <QueryState
        result={detail}
        failedMessage={t('requestPage.detail.loadFailed')}
        retryLabel={t('requests.retry')}
        loadingLabel={t('requests.loading')}
      >
        {(data) => <RequestView detail={data} onChanged={() => void detail.mutate()} />}
      </QueryState>
    </div>
  );
}

function RequestView({ detail, onChanged }: { detail: RequestDetail; onChanged: () => void }) {
  const t = useT();
  const format = useUserFormat();
  const { request, workflow, may } = detail;
  const [decision, setDecision] = useState<Decision | null>(null);
  const [archiving, setArchiving] = useState(false);
  const steps = workflow.steps;
  const finished = request.approved === 1;
  const current = finished ? steps.length : request.stepIndex;
  const reached = steps.slice(0, Math.min(steps.length, current + 1));
  const lastRejection = request.status === 'rejected' ? [...detail.audit].reverse().find((e) => e.action === 'reject') : undefined;
  const rejectionComment = lastRejection?.after?.['comment'];
  const waiting = <p className="text-sm text-slate-500">{t('requests.loading')}</p>;
  return (
    <>
      <PageHeader
        title={`${request.id} · ${request.workflowName}`}
        description={t('requestPage.detail.meta', {
          by: request.requestedByName ?? request.requestedBy,
          at: formatDateTime(request.createdAt, format),
          version: request.workflowVersion,
        })}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Badge theme={STATUS_THEME[request.status]}>{t(`requests.status.${request.status}`)}</Badge>
            {may.approve ? (
              <Button onClick={() => setDecision('approve')} {...intent}>
                {t('requestPage.decision.approve')}
              </Button>
            ) : null}
            {may.reject ? (
              <Button theme="secondary" onClick={() => setDecision('reject')} {...intent}>
                {t('requestPage.decision.reject')}
              </Button>
            ) : null}
            {may.archive ? (
              <Button theme="text" onClick={() => setArchiving(true)} {...intent}>
                {t('requestPage.archive.button')}
              </Button>
            ) : null}
          </div>
        }
      />
      <Stepper label={t('requestPage.detail.steps')} current={current} steps={steps.map((s) => ({ label: s.name }))} />
      <div className="space-y-6">
        {request.status === 'rejected' ? (
          // Only whoever may resubmit is asked to change the answers; others see whose move it is.
          <Alert theme="red" title={t(may.submit ? 'requestPage.detail.rejected' : 'requestPage.detail.rejectedOthers')}>
            {typeof rejectionComment === 'string' ? rejectionComment : null}
          </Alert>
        ) : null}
        {request.status === 'pending' && !may.approve ? <Alert theme="yellow">{t('requestPage.detail.awaiting')}</Alert> : null}
        {request.enquiry && !may.submit ? (
          <Alert theme="blue" title={t('requestPage.detail.enquiry', { by: request.requestedByName ?? request.requestedBy })}>
            <span className="whitespace-pre-line">{request.enquiry}</span>
          </Alert>
        ) : null}
        {detail.change ? (
          <Card className="p-4 sm:p-5">
            <h2 className="mb-2 text-base font-semibold text-slate-900">{t('changeDiff.title')}</h2>
            <Suspense fallback={null}>
              <ChangeDiff diff={detail.change.diff} caption={t('changeDiff.title')} />
            </Suspense>
          </Card>
        ) : null}
        {reached.map((step, index) => (
          <StepCard
            key={step.stepId}
            detail={detail}
            step={step}
            editable={index === request.stepIndex && may.answer}
            onChanged={onChanged}
          />
        ))}
        {may.submit && steps[request.stepIndex] ? (
          <SubmitStep detail={detail} step={steps[request.stepIndex]!} onChanged={onChanged} />
        ) : null}
        <Card className="p-4 sm:p-5">
          <h2 className="mb-2 text-base font-semibold text-slate-900">{t('requestPage.audit.title')}</h2>
          <NearView placeholder={waiting}>
            <Suspense fallback={waiting}>
              <AuditTrail detail={detail} />
            </Suspense>
          </NearView>
        </Card>
      </div>
      {decision ? (
        <Suspense fallback={null}>
          <DecisionDialog
            decision={decision}
            send={(comment) => (decision === 'approve' ? approveRequest(request.id, comment) : rejectRequest(request.id, comment))}
            onClose={() => setDecision(null)}
            onDone={() => {
              setDecision(null);
              onChanged();
            }}
          />
        </Suspense>
      ) : null}
      {archiving ? (
        <Suspense fallback={null}>
          <ArchiveDialog
            archive={() => archiveRequest(request.id)}
            onClose={() => setArchiving(false)}
            onDone={() => {
              setArchiving(false);
              onChanged();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function StepCard({
  detail,
  step,
  editable,
  onChanged,
}: {
  detail: RequestDetail;
  step: WorkflowStepDefinition;
  editable: boolean;
  onChanged: () => void;
}) {
  const t = useT();
  const { request } = detail;
  const List = editable ? 'div' : 'dl';
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">{step.name}</h2>
      {/* Answers to read are a description list; fields to fill in are a form's fields (no dt/dd around them). */}
      <List className="mt-4 space-y-5">
        {step.items.map((definition) => {
          const item = detail.items.find((i) => i.stepId === step.stepId && i.itemId === definition.itemId);
          if (!item) return null;
          if (definition.type === 'file' || definition.type === 'screenflow') {
            const files = item.files.length ? (
              <ItemFiles requestId={request.id} item={item} comments={detail.comments} mayRemove={editable} onChanged={onChanged} />
            ) : null;
            return editable ? (
              <div key={item.id} className="space-y-3">
                <FileUpload definition={definition} item={item} onUploaded={onChanged} />
                {files}
              </div>
            ) : (
              <div key={item.id} className="space-y-3">
                <dt className="text-sm font-medium text-slate-700">{definition.label}</dt>
                {files ? <dd>{files}</dd> : <dd className="text-sm text-slate-500">{t('requestPage.item.noFiles')}</dd>}
              </div>
            );
          }
          return <ItemAnswer key={item.id} definition={definition} item={item} editable={editable} onSaved={onChanged} />;
        })}
      </List>
    </Card>
  );
}

/** SPEC: a step submission sends the step id and the enquiry (the requester's note to the approver). */
function SubmitStep({ detail, step, onChanged }: { detail: RequestDetail; step: WorkflowStepDefinition; onChanged: () => void }) {
  const t = useT();
  const [enquiry, setEnquiry] = useState(detail.request.enquiry);
  // The note goes with the submission: until then it is unsaved input (ADR 053).
  useUnsavedChanges(enquiry !== detail.request.enquiry);
  // Busy until the reloaded request replaces this card (a submitted step awaits its decision).
  const { busy, problem, run } = useBusyCall({ holdOnSuccess: true });
  const submit = () =>
    run(async () => {
      await submitStep(detail.request.id, step.stepId, enquiry);
      onChanged();
    });
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <TextAreaField
        label={t('requestPage.submit.enquiry')}
        helperText={t('requestPage.submit.enquiryHelp')}
        value={enquiry}
        onValueChange={setEnquiry}
        rows={3}
      />
      <ProblemAlert problem={problem} />
      <Button onClick={() => void submit()} loading={busy}>
        {t('requestPage.submit.button', { step: step.name })}
      </Button>
    </Card>
  );
}
