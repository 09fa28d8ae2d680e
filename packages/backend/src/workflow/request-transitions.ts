import { RETAILER } from '@portal/core/shared';
import {
  type AuditEntry,
  mayDo,
  nextRequestState,
  type RequestAction,
  type RequestDetail,
  type RequestState,
  type WorkflowStepDefinition,
  requestStatus,
  WORKFLOW,
} from '@portal/core/workflow';
import type { Actor } from '../access/index.ts';
import { byActor, recordAuditAfter } from '../audit/index.ts';
import { AppError } from '../errors.ts';
import { isConditionFailure, isTransactionConflict } from '../platform/db/conditions.ts';
import { createOnce, readReplay } from '../platform/db/idempotency.ts';
import { fullJitter, type TxItem } from '../platform/db/transact.ts';
import { currentStep, decidesOn, getRequestForActor, type RequestContext } from './request-access.ts';
import {
  auditPut,
  getRequestChange,
  newRequestId,
  newRequestWrites,
  readRequestPartition,
  requestIdempotencyKey,
  stateOf,
  type StoredRequest,
  transitionWrites,
} from './request-entity.ts';
import { changeFiling } from './request-change.ts';
import { hasFlow } from './workflow-service.ts';
import { getLatestWorkflow } from './workflow-entity.ts';
import { type RequestCalls, stateSnapshot, isAnswered, conflict, lostRace, hashOf } from './request-details.ts';
import type { StoredItem } from './request-entity.ts';

const PAST: Record<Exclude<RequestAction, 'answer'>, string> = {
  submit: 'submitted',
  approve: 'approved',
  reject: 'rejected',
  archive: 'archived',
};

/**
 * A transition that moves a request to the history also adds to the customer's done counter, which another
 * request's transition may be writing at that moment (TransactionConflict, nothing decided): send it again.
 */
async function transactThroughConflicts(transact: RequestCalls['transact'], items: TxItem[]) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await transact(items);
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= 4) throw error;
      await fullJitter(attempt, 200);
    }
  }
}

/**
 * Writes `after` in place of the request read at `ctx.request.rev`, with its audit entry, in one transaction.
 * A lost race (another change landed first) is 409.
 */
function requestTransition({ db, now, transact }: RequestCalls) {
  return async function transition(
    actor: Actor,
    ctx: RequestContext,
    action: Exclude<RequestAction, 'answer'>,
    change: (next: RequestState, at: string) => Partial<StoredRequest> = () => ({}),
    note: Record<string, string | number> = {},
    effect: (at: string) => Promise<TxItem[]> = async () => [],
  ): Promise<StoredRequest> {
    const before = ctx.request;
    if (!mayDo(stateOf(before), action))
      throw conflict(`This request is ${requestStatus(stateOf(before))}: it cannot be ${PAST[action]} now.`);
    const next = nextRequestState(stateOf(before), action);
    const step = ctx.workflow.steps[next.stepIndex]!;
    const at = now().toISOString();
    const after: StoredRequest = {
      ...before,
      ...change(next, at),
      ...next,
      workflowStepId: step.stepId,
      stepApproverIds: step.approverIds,
      editedBy: actor.username,
      editedByName: actor.displayName,
      updatedAt: at,
      rev: before.rev + 1,
    };
    const entry: AuditEntry = {
      at,
      actor: actor.username,
      actorName: actor.displayName,
      action,
      stepId: before.workflowStepId,
      before: stateSnapshot(before),
      after: { ...stateSnapshot(after), ...note },
    };
    try {
      await transactThroughConflicts(transact, [
        ...transitionWrites(db, before, after),
        auditPut(db, before.id, entry, after.rev, true),
        ...(await effect(at)),
      ]);
    } catch (error) {
      if (isConditionFailure(error)) throw lostRace();
      throw error;
    }
    return after;
  };
}

/** POST /flow/workflow-requests (Idempotency-Key): a draft on the workflow's newest version, at its first step. */
function requestCreation({ db, now, require, visibleCustomer, detailOf }: RequestCalls) {
  async function replayCreate(actor: Actor, key: string, hash: string): Promise<RequestDetail | null> {
    const record = await readReplay<{ requestId: string }>(db, requestIdempotencyKey(actor.username, key), now(), hash, 'request');
    if (!record) return null;
    return detailOf(actor, await getRequestForActor(db, actor, record.requestId));
  }

  return async (actor: Actor, input: { workflowId: string; customerId: string }, key: string): Promise<RequestDetail> => {
    require(actor, 'doRequests');
    const customer = await visibleCustomer(actor, input.customerId);
    if (!customer) throw new AppError('not_found', RETAILER.NOT_FOUND, 'Customer not found.');
    const workflow = await getLatestWorkflow(db, input.workflowId, true);
    if (!workflow || !workflow.active || (workflow.customerId !== null && workflow.customerId !== customer.customerId)) {
      throw new AppError('not_found', WORKFLOW.NOT_FOUND, 'Workflow not found.');
    }
    const hash = hashOf(input);
    const earlier = await replayCreate(actor, key, hash);
    if (earlier) return earlier;
    const at = now();
    const { request, writes } = newRequestWrites(db, workflow, {
      id: newRequestId(),
      customerId: customer.customerId,
      at: at.toISOString(),
      by: actor,
    });
    const record = {
      key: requestIdempotencyKey(actor.username, key),
      type: 'workflowRequestIdempotency',
      hash,
      made: { requestId: request.id },
    };
    return createOnce(
      db,
      at,
      { writes, record },
      {
        replay: () => replayCreate(actor, key, hash),
        created: () => detailOf(actor, { request, workflow, customer, requester: true, approver: hasFlow(actor, 'approveRequests') }),
      },
    );
  };
}

/**
 * How many of the step's items are answered (the trail says "submitted step 'Screens' with 2 answers");
 * a required item left unanswered is 400 WORKFLOW.STEP_INCOMPLETE naming each.
 */
function countAnswers(step: WorkflowStepDefinition, items: Map<string, StoredItem>): number {
  const answered = (def: WorkflowStepDefinition['items'][number]) => isAnswered(def, items.get(`${step.stepId}#${def.itemId}`));
  const missing = step.items.filter((def) => def.required && !answered(def));
  if (missing.length) {
    throw new AppError('input', WORKFLOW.STEP_INCOMPLETE, `Answer every required item first: ${missing.map((m) => m.label).join(', ')}.`, {
      issues: missing.map((m) => ({ path: `items.${m.itemId}`, message: 'This item is required' })),
    });
  }
  return step.items.filter(answered).length;
}

/** A request's life (ADR 046): created, submitted, approved or rejected, archived; each change one transaction. */
export function requestTransitions(calls: RequestCalls) {
  const { db, notifier, require, detailOf } = calls;
  const transition = requestTransition(calls);
  /** The change the final approval applies and its kind's effect; a change of a kind nobody registered is refused, never dropped. */
  async function changeOf(request: StoredRequest) {
    const change = await getRequestChange(db, request.id);
    if (!change) return null;
    const effect = calls.effects?.get(change.kind);
    if (!effect) throw conflict(`This request proposes a ${change.kind} change, which this portal cannot apply yet.`);
    return { change, effect };
  }

  return {
    create: requestCreation(calls),
    /** Files a change that approving the request applies (ADR 085; request-change.ts). */
    fileChange: changeFiling(calls),

    /** PUT /flow/workflow-requests/:id {workflowStepId, enquiry}: the requester submits the current step. */
    async submit(actor: Actor, requestId: string, input: { workflowStepId: string; enquiry: string }): Promise<RequestDetail> {
      require(actor, 'doRequests');
      const ctx = await getRequestForActor(db, actor, requestId);
      if (!ctx.requester) throw new AppError('forbidden', 'PERMISSION.DENIED', 'Only the requester can submit a request.');
      if (!mayDo(stateOf(ctx.request), 'submit'))
        throw conflict(`This request is ${requestStatus(stateOf(ctx.request))}: it cannot be submitted now.`);
      const step = currentStep(ctx);
      if (input.workflowStepId !== step.stepId) {
        throw new AppError(
          'conflict',
          WORKFLOW.STEP_NOT_CURRENT,
          `The step ${input.workflowStepId} is not the current one (${step.stepId}). Please reload the request.`,
        );
      }
      const { items } = await readRequestPartition(db, requestId);
      const answers = countAnswers(step, items);
      const after = await transition(actor, ctx, 'submit', () => ({ enquiry: input.enquiry }), {
        answers,
        ...(input.enquiry ? { enquiry: input.enquiry } : {}),
      });
      await notifier.submitted(ctx.customer, after, ctx.workflow, actor.displayName);
      return detailOf(actor, { ...ctx, request: after });
    },

    /** POST approve / reject: an approver of the current step who is not the requester; reject needs a comment. */
    async decide(actor: Actor, requestId: string, decision: 'approve' | 'reject', comment: string | undefined): Promise<RequestDetail> {
      require(actor, 'approveRequests');
      const ctx = await getRequestForActor(db, actor, requestId);
      if (ctx.request.requestedBy === actor.username)
        throw new AppError('forbidden', WORKFLOW.OWN_REQUEST, 'You cannot decide on your own request.');
      if (!decidesOn(ctx.request, actor.username))
        throw new AppError('forbidden', 'PERMISSION.DENIED', 'You are not an approver of this step.');
      const decided = ctx.request.stepIndex;
      const applies =
        decision === 'approve' && mayDo(stateOf(ctx.request), 'approve') && nextRequestState(stateOf(ctx.request), 'approve').approved;
      const change = applies ? await changeOf(ctx.request) : null;
      const after = await transition(
        actor,
        ctx,
        decision,
        (next, at) => (decision === 'reject' ? { rejectedAt: at } : next.approved ? { approvedAt: at } : {}),
        { ...(comment ? { comment } : {}), ...(change ? { applied: change.change.kind } : {}) },
        async (at) => (change ? change.effect.applyWrites({ request: ctx.request, change: change.change, actor, at }) : []),
      );
      if (change?.effect.afterApply) await change.effect.afterApply({ request: after, change: change.change });
      // The decision is committed: its audit entry after it (ADR 114; a failed append is logged, the decision stands).
      await recordAuditAfter(
        db,
        {
          ...byActor(actor),
          kind: 'request.decided',
          details: { requestId, decision: decision === 'approve' ? 'approved' : 'rejected', workflow: ctx.workflow.name },
        },
        { now: calls.now },
      );
      await notifier.decided(after, ctx.workflow, decided, decision === 'approve' ? 'approved' : 'rejected', actor.displayName, comment);
      return detailOf(actor, { ...ctx, request: after });
    },

    /** DELETE /flow/workflow-requests/:id: the requester archives (deleted = 1). */
    async archive(actor: Actor, requestId: string): Promise<void> {
      require(actor, 'doRequests');
      const ctx = await getRequestForActor(db, actor, requestId);
      if (!ctx.requester) throw new AppError('forbidden', 'PERMISSION.DENIED', 'Only the requester can archive a request.');
      await transition(actor, ctx, 'archive');
    },
  };
}
