import { createHash } from 'node:crypto';
import {
  type RequestDetail,
  type RequestStepItem,
  requestStatus,
  WORKFLOW,
  type WorkflowItemDefinition,
  type WorkflowRequest,
} from '@portal/core/workflow';
import type { Actor } from '../access/index.ts';
import { mayActFor } from '../access/index.ts';
import { type Customer, CustomerKind, getCustomer } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import { transactWrite, type TxItem } from '../platform/db/transact.ts';
import type { Clock } from '../platform/time.ts';
import { commentsOf } from './request-comment-service.ts';
import { allowedActions, type RequestContext } from './request-access.ts';
import { itemView, readRequestPartition, stateOf, type StoredItem, type StoredRequest } from './request-entity.ts';
import type { RequestNotifier } from './request-mails.ts';
import { type ChangeEffects, requestChangeView } from './change-effects.ts';
import { denied, hasFlow } from './workflow-service.ts';

/**
 * What the request use cases share. Requests (ADR 046). flow.doRequests creates, answers, submits and archives
 * the user's own requests; flow.approveRequests approves and rejects others' requests of customers the user
 * may act for. Every state change is one TransactWriteItems: the request at the rev it was read (so of N
 * parallel decisions or submissions exactly one applies, the others 409 WORKFLOW.STATE_CONFLICT) and its audit
 * entry. Mails go out after the write.
 */
export type RequestServiceDeps = { db: Db; now: Clock; notifier: RequestNotifier; effects?: ChangeEffects };
export type RequestListQuery = {
  workflowId?: string | undefined;
  mode?: 'history' | undefined;
  onlyPending: boolean;
  q?: string | undefined;
  customerId?: string | undefined;
  index: number;
  maxResults: number;
};

export const CUSTOMER_KINDS = CustomerKind.options;
export const conflict = (message: string) => new AppError('conflict', WORKFLOW.STATE_CONFLICT, message);
export const lostRace = () => conflict('Someone else changed this request at the same moment. Please reload it.');
export const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

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
export const stateSnapshot = (r: StoredRequest) => ({ status: requestStatus(stateOf(r)), stepId: r.workflowStepId });

/** Items of every step in workflow order: the stored answer, or none yet. */
export function itemsOf(ctx: RequestContext, stored: Map<string, StoredItem>): RequestStepItem[] {
  return ctx.workflow.steps.flatMap((step) =>
    step.items.map((def) =>
      itemView(
        ctx.request.id,
        stored.get(`${step.stepId}#${def.itemId}`) ?? {
          stepId: step.stepId,
          itemId: def.itemId,
          itemType: def.type,
          answer: null,
          files: [],
        },
      ),
    ),
  );
}

export const isAnswered = (def: WorkflowItemDefinition, item: StoredItem | undefined) =>
  def.type === 'file' || def.type === 'screenflow' ? (item?.files.length ?? 0) > 0 : item?.answer != null && item.answer !== '';

/** The checks and reads every request call shares: the flow bit, the visible customer, a request's detail. */
export function requestDetails(deps: RequestServiceDeps) {
  const { db } = deps;
  const require = (actor: Actor, bit: 'doRequests' | 'approveRequests') => {
    if (!hasFlow(actor, bit)) throw denied();
  };
  const transact = (items: TxItem[]) => transactWrite(db, items);
  async function visibleCustomer(actor: Actor, customerId: string): Promise<Customer | null> {
    const customer = await getCustomer(db, customerId);
    return customer && mayActFor(actor, customer) ? customer : null;
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
      change: requestChangeView(partition.change),
      may: allowedActions(actor, fresh),
    };
  }

  return { ...deps, require, transact, visibleCustomer, detailOf };
}

export type RequestCalls = ReturnType<typeof requestDetails>;
