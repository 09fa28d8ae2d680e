import { createHash } from 'node:crypto';
import { IDEMPOTENCY, pageBounds, RETAILER } from '@portal/core/shared';
import {
  type AuditEntry,
  HISTORY_SEARCH_BOUND,
  mayDo,
  nextRequestState,
  type RequestAction,
  type RequestDetail,
  type RequestState,
  type RequestStepItem,
  requestStatus,
  WORKFLOW,
  type WorkflowItemDefinition,
  type WorkflowRequest,
} from '@portal/core/workflow';
import { type Actor, mayActFor } from '../access/index.ts';
import { allCustomerRoles, type Customer, CustomerKind, getCustomer } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure, isTransactionConflict } from '../platform/db/conditions.ts';
import { idempotencyPut, readIdempotency } from '../platform/db/idempotency.ts';
import { fullJitter, transactWrite, type TxItem } from '../platform/db/transact.ts';
import type { Clock } from '../platform/time.ts';
import { commentsOf } from './request-comment-service.ts';
import { answerProblem } from './request-item-answers.ts';
import { allowedActions, assertAnswerable, currentStep, decidesOn, getItemForActor, getRequestForActor, type RequestContext } from './request-access.ts';
import {
  answerUpdate,
  auditPut,
  doneCount,
  getStoredItem,
  type HistoryScope,
  itemView,
  listOpenRequests,
  newestDone,
  newRequestId,
  newRequestWrites,
  readRequestPartition,
  requestIdempotencyKey,
  stateOf,
  type StoredItem,
  type StoredRequest,
  transitionWrites,
  unchangedSince,
} from './request-entity.ts';
import type { RequestNotifier } from './request-mails.ts';
import { denied, hasFlow } from './workflow-service.ts';
import { getLatestWorkflow } from './workflow-entity.ts';

/**
 * Requests (ADR 046). flow.doRequests creates, answers, submits and archives
 * the user's own requests; flow.approveRequests approves and rejects others' requests of customers the user
 * may act for. Every state change is one TransactWriteItems: the request at the rev it was read (so of N
 * parallel decisions or submissions exactly one applies, the others 409 WORKFLOW.STATE_CONFLICT) and its audit
 * entry. Mails go out after the write.
 */
export type RequestServiceDeps = { db: Db; now: Clock; notifier: RequestNotifier };
export type RequestListQuery = {
  workflowId?: string | undefined;
  mode?: 'history' | undefined;
  onlyPending: boolean;
  q?: string | undefined;
  customerId?: string | undefined;
  index: number;
  maxResults: number;
};

const CUSTOMER_KINDS = CustomerKind.options;
const conflict = (message: string) => new AppError('conflict', WORKFLOW.STATE_CONFLICT, message);
const lostRace = () => conflict('Someone else changed this request at the same moment. Please reload it.');
const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

export const requestView = (r: StoredRequest): WorkflowRequest => ({
  id: r.id,
  workflowId: r.workflowId,
  workflowName: r.workflowName,
  workflowVersion: r.workflowVersion,
  customerId: r.customerId,
  workflowStepId: r.workflowStepId,
  stepIndex: r.stepIndex,
  enquiry: r.enquiry,
  deleted: r.deleted,
  approved: r.approved,
  rejected: r.rejected,
  status: requestStatus(stateOf(r)),
  requestedBy: r.requestedBy,
  requestedByName: r.requestedByName ?? r.requestedBy,
  approvedAt: r.approvedAt,
  rejectedAt: r.rejectedAt,
  editedBy: r.editedBy,
  editedByName: r.editedByName ?? r.editedBy,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** What the audit trail keeps of a request's state. */
const stateSnapshot = (r: StoredRequest) => ({ status: requestStatus(stateOf(r)), stepId: r.workflowStepId });

/** Items of every step in workflow order: the stored answer, or none yet. */
function itemsOf(ctx: RequestContext, stored: Map<string, StoredItem>): RequestStepItem[] {
  return ctx.workflow.steps.flatMap((step) =>
    step.items.map((def) => itemView(ctx.request.id, stored.get(`${step.stepId}#${def.itemId}`) ?? { stepId: step.stepId, itemId: def.itemId, itemType: def.type, answer: null, files: [] })),
  );
}

const isAnswered = (def: WorkflowItemDefinition, item: StoredItem | undefined) =>
  def.type === 'file' || def.type === 'screenflow' ? (item?.files.length ?? 0) > 0 : item?.answer != null && item.answer !== '';

export function createRequestService({ db, now, notifier }: RequestServiceDeps) {
  const require = (actor: Actor, bit: 'doRequests' | 'approveRequests') => {
    if (!hasFlow(actor, bit)) throw denied();
  };
  const transact = (items: TxItem[]) => transactWrite(db, items);
  /**
   * A transition that moves a request to the history also adds to the customer's done counter, which another
   * request's transition may be writing at that moment (TransactionConflict, nothing decided): send it again.
   */
  async function transactThroughConflicts(items: TxItem[]) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await transact(items);
      } catch (error) {
        if (!isTransactionConflict(error) || attempt >= 4) throw error;
        await fullJitter(attempt, 200);
      }
    }
  }

  async function detailOf(actor: Actor, ctx: RequestContext): Promise<RequestDetail> {
    const partition = await readRequestPartition(db, ctx.request.id);
    const fresh = { ...ctx, request: partition.meta ?? ctx.request };
    return {
      request: requestView(fresh.request),
      workflow: fresh.workflow,
      items: itemsOf(fresh, partition.items),
      comments: commentsOf(partition.comments),
      audit: partition.audit,
      may: allowedActions(actor, fresh),
    };
  }

  /**
   * Writes `after` in place of the request read at `ctx.request.rev`, with its audit entry, in one transaction.
   * A lost race (another change landed first) is 409.
   */
  async function transition(
    actor: Actor,
    ctx: RequestContext,
    action: RequestAction,
    change: (next: RequestState, at: string) => Partial<StoredRequest> = () => ({}),
    note: Record<string, string | number> = {},
  ): Promise<StoredRequest> {
    const before = ctx.request;
    if (!mayDo(stateOf(before), action)) throw conflict(`This request is ${requestStatus(stateOf(before))}: it cannot be ${action === 'submit' ? 'submitted' : action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'archived'} now.`);
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
    const entry: AuditEntry = { at, actor: actor.username, actorName: actor.displayName, action, stepId: before.workflowStepId, before: stateSnapshot(before), after: { ...stateSnapshot(after), ...note } };
    try {
      await transactThroughConflicts([...transitionWrites(db, before, after), auditPut(db, before.id, entry, after.rev, true)]);
    } catch (error) {
      if (isConditionFailure(error)) throw lostRace();
      throw error;
    }
    return after;
  }

  async function visibleCustomer(actor: Actor, customerId: string): Promise<Customer | null> {
    const customer = await getCustomer(db, customerId);
    return customer && mayActFor(actor, customer) ? customer : null;
  }

  async function replayCreate(actor: Actor, key: string, hash: string): Promise<RequestDetail | null> {
    const record = await readIdempotency<{ requestId: string }>(db, requestIdempotencyKey(actor.username, key), now());
    if (!record) return null;
    if (record.hash !== hash) throw new AppError('conflict', IDEMPOTENCY.KEY_REUSED, 'This idempotency key was already used for another request.');
    return detailOf(actor, await getRequestForActor(db, actor, record.requestId));
  }

  /**
   * The customers of the list (ADR 046 item 6): the one asked for; else the actor's own customer, or for a customer
   * group's user the group's customers (one index Query per kind); a global user without one picks a customer (none).
   */
  async function customersInScope(actor: Actor, customerId: string | undefined): Promise<string[]> {
    if (customerId) {
      if (!(await visibleCustomer(actor, customerId))) throw new AppError('not_found', RETAILER.NOT_FOUND, 'Customer not found.');
      return [customerId];
    }
    if (!actor.customerId || actor.access.security.global) return [];
    if (await visibleCustomer(actor, actor.customerId)) return [actor.customerId];
    const members = (
      await Promise.all(CUSTOMER_KINDS.map((kind) => allCustomerRoles(db, kind)))
    ).flatMap((roles) => roles.filter((role) => mayActFor(actor, role)));
    return [...new Set(members.map((m) => m.customerId))];
  }
  /** The open requests (draft, pending, rejected) of the customers: live work, one Query each (ADR 048). */
  const openRequestsOf = async (customerIds: string[]) => (await Promise.all(customerIds.map((id) => listOpenRequests(db, id)))).flat();
  const newestFirst = (a: StoredRequest, b: StoredRequest) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

  /**
   * A page of the history (approved, archived; ADR 048): approvers see the customers' whole history, a requester
   * their own. Unfiltered: the exact total from the done counters, then the newest (page end) requests of each
   * customer — one Query each whatever the history's length. Filtered (workflow, request ID): the newest
   * HISTORY_SEARCH_BOUND requests of each customer are searched; `complete: false` says the bound cut the search.
   */
  async function historyPage(actor: Actor, customerIds: string[], query: RequestListQuery, matches: (r: StoredRequest) => boolean) {
    const scopes: HistoryScope[] = customerIds.map((customerId) => (hasFlow(actor, 'approveRequests') ? { customerId } : { customerId, requestedBy: actor.username }));
    if (!query.workflowId && !query.q) {
      const totalCount = (await Promise.all(scopes.map((scope) => doneCount(db, scope)))).reduce((a, b) => a + b, 0);
      const { start, end } = pageBounds(query, totalCount);
      const newest = start === end ? [] : (await Promise.all(scopes.map((scope) => newestDone(db, scope, end)))).flat().sort(newestFirst);
      return { items: newest.slice(start, end), totalCount, complete: true };
    }
    const read = await Promise.all(scopes.map((scope) => newestDone(db, scope, HISTORY_SEARCH_BOUND)));
    const shown = read.flat().filter(matches).sort(newestFirst);
    const { start, end } = pageBounds(query, shown.length);
    return { items: shown.slice(start, end), totalCount: shown.length, complete: read.every((r) => r.length < HISTORY_SEARCH_BOUND) };
  }
  const awaits = (actor: Actor, r: StoredRequest) => hasFlow(actor, 'approveRequests') && requestStatus(stateOf(r)) === 'pending' && decidesOn(r, actor.username);

  return {
    /**
     * GET /flow/workflow-requests (ADR 046): open requests by default (the actor's own draft, pending and rejected
     * ones, and for approvers the pending ones awaiting their decision; only-pending=0 adds the customer's other
     * drafts and rejected ones); mode=history the approved and archived ones (own; an approver's: all of the
     * customer). Newest first, paged.
     */
    async list(actor: Actor, query: RequestListQuery) {
      if (!hasFlow(actor, 'doRequests') && !hasFlow(actor, 'approveRequests')) throw denied();
      const customerIds = await customersInScope(actor, query.customerId);
      const q = query.q?.toUpperCase();
      const matches = (r: StoredRequest) => (!query.workflowId || r.workflowId === query.workflowId) && (!q || r.id.includes(q));
      const page = { index: query.index, maxResults: query.maxResults };
      if (query.mode === 'history') {
        const { items, ...rest } = await historyPage(actor, customerIds, query, matches);
        return { items: items.map(requestView), ...page, ...rest };
      }
      const approver = hasFlow(actor, 'approveRequests');
      const shown = (await openRequestsOf(customerIds)).filter((r) => {
        const own = r.requestedBy === actor.username && hasFlow(actor, 'doRequests');
        return (own || awaits(actor, r) || (approver && !query.onlyPending && r.requestedBy !== actor.username)) && matches(r);
      });
      shown.sort(newestFirst);
      const { start, end } = pageBounds(query, shown.length);
      return { items: shown.slice(start, end).map(requestView), ...page, totalCount: shown.length, complete: true };
    },

    /** GET /flow/workflow-requests/inbox-count: pending requests awaiting this approver's decision (open requests only). */
    async inboxCount(actor: Actor): Promise<{ pending: number }> {
      require(actor, 'approveRequests');
      return { pending: (await openRequestsOf(await customersInScope(actor, undefined))).filter((r) => awaits(actor, r)).length };
    },

    async get(actor: Actor, requestId: string): Promise<RequestDetail> {
      return detailOf(actor, await getRequestForActor(db, actor, requestId));
    },

    /** POST /flow/workflow-requests (Idempotency-Key): a draft on the workflow's newest version, at its first step. */
    async create(actor: Actor, input: { workflowId: string; customerId: string }, key: string): Promise<RequestDetail> {
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
      const { request, writes } = newRequestWrites(db, workflow, { id: newRequestId(), customerId: customer.customerId, at: at.toISOString(), by: actor });
      try {
        await transact([
          ...writes,
          idempotencyPut(db, requestIdempotencyKey(actor.username, key), { type: 'workflowRequestIdempotency', hash, requestId: request.id }, at),
        ]);
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const winner = await replayCreate(actor, key, hash);
        if (winner) return winner;
        throw error;
      }
      return detailOf(actor, { request, workflow, customer, requester: true, approver: hasFlow(actor, 'approveRequests') });
    },

    /** PUT /flow/workflow-requests/:id {workflowStepId, enquiry}: the requester submits the current step. */
    async submit(actor: Actor, requestId: string, input: { workflowStepId: string; enquiry: string }): Promise<RequestDetail> {
      require(actor, 'doRequests');
      const ctx = await getRequestForActor(db, actor, requestId);
      if (!ctx.requester) throw new AppError('forbidden', 'PERMISSION.DENIED', 'Only the requester can submit a request.');
      if (!mayDo(stateOf(ctx.request), 'submit')) throw conflict(`This request is ${requestStatus(stateOf(ctx.request))}: it cannot be submitted now.`);
      const step = currentStep(ctx);
      if (input.workflowStepId !== step.stepId) {
        throw new AppError('conflict', WORKFLOW.STEP_NOT_CURRENT, `The step ${input.workflowStepId} is not the current one (${step.stepId}). Please reload the request.`);
      }
      const { items } = await readRequestPartition(db, requestId);
      const missing = step.items.filter((def) => def.required && !isAnswered(def, items.get(`${step.stepId}#${def.itemId}`)));
      if (missing.length) {
        throw new AppError('input', WORKFLOW.STEP_INCOMPLETE, `Answer every required item first: ${missing.map((m) => m.label).join(', ')}.`, {
          issues: missing.map((m) => ({ path: `items.${m.itemId}`, message: 'This item is required' })),
        });
      }
      // The trail says how many of the step's items were answered ("submitted step 'Screens' with 2 answers").
      const answers = step.items.filter((def) => isAnswered(def, items.get(`${step.stepId}#${def.itemId}`))).length;
      const after = await transition(actor, ctx, 'submit', () => ({ enquiry: input.enquiry }), { answers, ...(input.enquiry ? { enquiry: input.enquiry } : {}) });
      await notifier.submitted(ctx.customer, after, ctx.workflow, actor.displayName);
      return detailOf(actor, { ...ctx, request: after });
    },

    /** POST approve / reject: an approver of the current step who is not the requester; reject needs a comment. */
    async decide(actor: Actor, requestId: string, decision: 'approve' | 'reject', comment: string | undefined): Promise<RequestDetail> {
      require(actor, 'approveRequests');
      const ctx = await getRequestForActor(db, actor, requestId);
      if (ctx.request.requestedBy === actor.username) throw new AppError('forbidden', WORKFLOW.OWN_REQUEST, 'You cannot decide on your own request.');
      if (!decidesOn(ctx.request, actor.username)) throw new AppError('forbidden', 'PERMISSION.DENIED', 'You are not an approver of this step.');
      const decided = ctx.request.stepIndex;
      const after = await transition(
        actor,
        ctx,
        decision,
        (next, at) => (decision === 'reject' ? { rejectedAt: at } : next.approved ? { approvedAt: at } : {}),
        comment ? { comment } : {},
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

    /** PUT /flow/workflow-request-items/:itemId {answer}: text, number, date or choice, checked against the item's definition. */
    async answer(actor: Actor, ref: string, answer: string): Promise<RequestStepItem> {
      require(actor, 'doRequests');
      const ctx = await getItemForActor(db, actor, ref);
      assertAnswerable(ctx);
      const problem = answerProblem(ctx.definition, answer);
      if (problem) throw new AppError('input', WORKFLOW.ANSWER_INVALID, problem, { issues: [{ path: 'answer', message: problem }] });
      const value = answer.trim() === '' ? null : answer.trim();
      const old = await getStoredItem(db, ctx.request.id, ctx.stepId, ctx.definition.itemId);
      const entry: AuditEntry = { at: now().toISOString(), actor: actor.username, actorName: actor.displayName, action: 'answer', stepId: ctx.stepId, before: { item: ctx.definition.itemId, answer: old?.answer ?? null }, after: { item: ctx.definition.itemId, answer: value } };
      try {
        await transact([answerUpdate(db, ctx.request.id, ctx.stepId, ctx.definition.itemId, ctx.definition.type, value), unchangedSince(db, ctx.request.id, ctx.request.rev), auditPut(db, ctx.request.id, entry, ctx.request.rev)]);
      } catch (error) {
        if (isConditionFailure(error)) throw lostRace();
        throw error;
      }
      return itemView(ctx.request.id, { stepId: ctx.stepId, itemId: ctx.definition.itemId, itemType: ctx.definition.type, answer: value, files: old?.files ?? [] });
    },
  };
}

export type RequestService = ReturnType<typeof createRequestService>;
