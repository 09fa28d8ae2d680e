import {
  mayDo,
  type RequestAction,
  WORKFLOW,
  type Workflow,
  type WorkflowItemDefinition,
  type WorkflowStepDefinition,
} from '@portal/core/workflow';
import { type Actor, mayActFor } from '../access/index.ts';
import { type Customer, getCustomer } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import { getRequestMeta, parseItemRef, stateOf, type StoredRequest } from './request-entity.ts';
import { denied, hasFlow } from './workflow-service.ts';
import { getWorkflowVersion } from './workflow-entity.ts';

/**
 * Who may see and do what on a request (ADR 046), shared by W1's request service and W2's uploads and
 * comments. A request is visible to its requester (flow.doRequests) and to approvers (flow.approveRequests)
 * of a customer they may act for; to anyone else it answers exactly like a request that does not exist.
 */
export type RequestContext = {
  request: StoredRequest;
  /** The workflow version the request started with. */
  workflow: Workflow;
  customer: Customer;
  requester: boolean;
  approver: boolean;
};

export const requestNotFound = () => new AppError('not_found', WORKFLOW.REQUEST_NOT_FOUND, 'Request not found.');
export const itemNotFound = () => new AppError('not_found', WORKFLOW.ITEM_NOT_FOUND, 'Item not found.');

/** The request if the actor may see it; 403 without doRequests and approveRequests, else 404 like none. */
export async function getRequestForActor(db: Db, actor: Actor, requestId: string): Promise<RequestContext> {
  if (!hasFlow(actor, 'doRequests') && !hasFlow(actor, 'approveRequests')) throw denied();
  const request = await getRequestMeta(db, requestId);
  if (!request) throw requestNotFound();
  const customer = await getCustomer(db, request.customerId);
  if (!customer || !mayActFor(actor, customer)) throw requestNotFound();
  const requester = request.requestedBy === actor.username && hasFlow(actor, 'doRequests');
  const approver = hasFlow(actor, 'approveRequests');
  if (!requester && !approver) throw requestNotFound();
  const workflow = await getWorkflowVersion(db, request.workflowId, request.workflowVersion);
  if (!workflow) throw requestNotFound();
  return { request, workflow, customer, requester, approver };
}

export const currentStep = (ctx: Pick<RequestContext, 'request' | 'workflow'>): WorkflowStepDefinition =>
  ctx.workflow.steps[ctx.request.stepIndex]!;

/** Whether `username` decides on the request's current step: not its requester; one of the step's approvers when it names any. */
export const decidesOn = (request: Pick<StoredRequest, 'requestedBy' | 'stepApproverIds'>, username: string) =>
  request.requestedBy !== username && (request.stepApproverIds.length === 0 || request.stepApproverIds.includes(username));

/** What the actor may do now (RequestDetail.may): the state table and the actor's role. */
export function allowedActions(actor: Actor, ctx: RequestContext): Record<RequestAction, boolean> {
  const state = stateOf(ctx.request);
  const decides = ctx.approver && decidesOn(ctx.request, actor.username);
  const may = (action: RequestAction) => mayDo(state, action) && (action === 'approve' || action === 'reject' ? decides : ctx.requester);
  return { answer: may('answer'), submit: may('submit'), approve: may('approve'), reject: may('reject'), archive: may('archive') };
}

/**
 * An item of a request by its public id, if the actor may see the request (404 WORKFLOW.ITEM_NOT_FOUND for
 * a bad id, an unknown item, another customer's request alike).
 */
export async function getItemForActor(
  db: Db,
  actor: Actor,
  ref: string,
): Promise<RequestContext & { stepId: string; definition: WorkflowItemDefinition }> {
  if (!hasFlow(actor, 'doRequests') && !hasFlow(actor, 'approveRequests')) throw denied();
  const parts = parseItemRef(ref);
  if (!parts) throw itemNotFound();
  let ctx: RequestContext;
  try {
    ctx = await getRequestForActor(db, actor, parts.requestId);
  } catch (error) {
    if (error instanceof AppError && error.code === WORKFLOW.REQUEST_NOT_FOUND) throw itemNotFound();
    throw error;
  }
  const definition = ctx.workflow.steps.find((s) => s.stepId === parts.stepId)?.items.find((i) => i.itemId === parts.itemId);
  if (!definition) throw itemNotFound();
  return { ...ctx, stepId: parts.stepId, definition };
}

/**
 * The requester's change of an item (answer, upload, removal): only the requester, while the request is
 * answerable (draft or rejected) and the item's step is the current one.
 */
export function assertAnswerable(ctx: RequestContext & { stepId: string }) {
  if (!ctx.requester) throw new AppError('forbidden', 'PERMISSION.DENIED', 'Only the requester can change the answers.');
  if (!mayDo(stateOf(ctx.request), 'answer'))
    throw new AppError(
      'conflict',
      WORKFLOW.STATE_CONFLICT,
      'This request cannot be changed now: it is waiting for a decision, decided or archived.',
    );
  if (currentStep(ctx).stepId !== ctx.stepId)
    throw new AppError('conflict', WORKFLOW.STEP_NOT_CURRENT, 'This item belongs to another step than the current one.');
}
