import type { Workflow } from '@portal/core/workflow';
import { type Db, transactWrite } from '@portal/backend/platform/db';
import { newRequestWrites, type StoredRequest } from '@portal/backend/workflow/testing';

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
