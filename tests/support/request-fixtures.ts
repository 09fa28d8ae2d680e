import type { Actor, Backend } from '@portal/backend';
import { decodeAccess } from '@portal/core/auth';
import type { Workflow } from '@portal/core/workflow';
import { type Db, transactWrite } from '@portal/backend/platform/db';
import { newRequestWrites, type StoredRequest } from '@portal/backend/workflow/testing';
import { importOk } from './test-backend.ts';

/**
 * A draft request at the workflow's first step with a fixed id (the route gates' and tests' fixtures): the
 * service's own writes (newRequestWrites), without its permission checks and idempotency record.
 */
export async function putDraftRequest(
  db: Db,
  workflow: Workflow,
  fields: { id: string; customerId: string; requestedBy: string; at: Date },
): Promise<StoredRequest> {
  const { request, writes } = newRequestWrites(db, workflow, {
    id: fields.id,
    customerId: fields.customerId,
    at: fields.at.toISOString(),
    by: { username: fields.requestedBy },
  });
  await transactWrite(db, writes);
  return request;
}

/** An actor of customer `customerId` with flow permissions `permissions` (1 doRequests, 2 approveRequests), for service-level tests. */
export const flowActor = (username: string, customerId: string, permissions: number): Actor => ({
  username,
  displayName: username,
  customerId,
  access: decodeAccess({ securityFlag: 16, permissions: 0, settings: 0, modules: { flow: { permissions, settings: 0 } } }),
  strongAuthentication: false,
  timezone: 'Europe/Berlin',
  locale: 'en-US',
});

/** A retailer `customerId` and its one-step workflow `workflowId` (one optional text item `t` in step `s`), imported. */
export async function importRequestWorkflow(backend: Backend, customerId: string, workflowId: string): Promise<void> {
  await importOk(backend, 'retailers', [{ customerId, name: `Retailer ${customerId}` }]);
  await importOk(backend, 'workflows', [
    {
      workflowId,
      name: workflowId,
      customerId,
      steps: [{ stepId: 's', name: 'Step', items: [{ itemId: 't', type: 'text', label: 'Note', required: false }] }],
    },
  ]);
}
