import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Workflow } from '@portal/core/workflow';
import type { Db } from '../platform/db/client.ts';
import { auditPut, newRequestPut, type StoredRequest } from './request-entity.ts';

/** A draft request at the workflow's first step, written directly (the route gates' and tests' fixtures). */
export async function putDraftRequest(db: Db, workflow: Workflow, fields: { id: string; customerId: string; requestedBy: string; at: Date }): Promise<StoredRequest> {
  const at = fields.at.toISOString();
  const first = workflow.steps[0]!;
  const request: StoredRequest = {
    id: fields.id,
    workflowId: workflow.workflowId,
    workflowName: workflow.name,
    workflowVersion: workflow.version,
    customerId: fields.customerId,
    workflowStepId: first.stepId,
    stepIndex: 0,
    stepCount: workflow.steps.length,
    submitted: false,
    stepApproverIds: first.approverIds,
    enquiry: '',
    deleted: 0,
    approved: 0,
    rejected: 0,
    requestedBy: fields.requestedBy,
    approvedAt: null,
    rejectedAt: null,
    editedBy: fields.requestedBy,
    createdAt: at,
    updatedAt: at,
    rev: 1,
  };
  const entry = { at, actor: fields.requestedBy, action: 'create', stepId: null, before: null, after: { status: 'draft', stepId: first.stepId } };
  await db.doc.send(new TransactWriteCommand({ TransactItems: [newRequestPut(db, request), auditPut(db, request.id, entry, 1, true)] }));
  return request;
}
