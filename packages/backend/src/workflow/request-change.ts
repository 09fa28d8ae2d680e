import { type AuditEntry, nextRequestState, WORKFLOW } from '@portal/core/workflow';
import type { Actor } from '../access/index.ts';
import type { Customer } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import type { TxItem } from '../platform/db/transact.ts';
import type { RequestCalls } from './request-details.ts';
import {
  auditPut,
  changePut,
  newRequestId,
  newRequestPut,
  newRequestWrites,
  stateOf,
  type StoredChange,
  type StoredRequest,
} from './request-entity.ts';
import { getLatestWorkflow } from './workflow-entity.ts';

/** A change to file: the workflow it goes to, the customer, what it proposes, the requester's note, and the kind's own writes for the new request's id (its lock). */
export type ChangeFiling = {
  workflowId: string;
  customer: Customer;
  change: StoredChange;
  enquiry: string;
  writes: (requestId: string) => TxItem[];
};

/**
 * Files a change (ADR 085): a new request of the workflow's newest version, submitted at its first step (the change
 * is the answer: the step's items are not asked), its change row and the kind's writes, in one transaction with
 * the 'create' and 'submit' audit entries; then the step's approvers are mailed. A condition of the kind's writes
 * that fails (its lock taken, its revision moved) is `conflict`'s answer.
 */
export function changeFiling({ db, now, transact, notifier }: RequestCalls) {
  return async (actor: Actor, filing: ChangeFiling, conflict: () => Promise<AppError>): Promise<StoredRequest> => {
    const workflow = await getLatestWorkflow(db, filing.workflowId, true);
    if (!workflow || !workflow.active) throw new AppError('not_found', WORKFLOW.NOT_FOUND, 'The workflow for this change is not set up.');
    const at = now().toISOString();
    const { request: draft, writes } = newRequestWrites(db, workflow, {
      id: newRequestId(),
      customerId: filing.customer.customerId,
      at,
      by: actor,
    });
    const request: StoredRequest = { ...draft, ...nextRequestState(stateOf(draft), 'submit'), enquiry: filing.enquiry, rev: 2 };
    const submitted: AuditEntry = {
      at,
      actor: actor.username,
      actorName: actor.displayName,
      action: 'submit',
      stepId: request.workflowStepId,
      before: { status: 'draft', stepId: request.workflowStepId },
      after: { status: 'pending', stepId: request.workflowStepId, change: filing.change.kind, fields: filing.change.diff.length },
    };
    try {
      await transact([
        newRequestPut(db, request),
        ...writes.slice(1),
        auditPut(db, request.id, submitted, 2, true),
        changePut(db, request.id, filing.change),
        ...filing.writes(request.id),
      ]);
    } catch (error) {
      if (isConditionFailure(error)) throw await conflict();
      throw error;
    }
    await notifier.submitted(filing.customer, request, workflow, actor.displayName);
    return request;
  };
}
