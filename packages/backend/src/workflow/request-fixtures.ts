import type { Workflow } from '@portal/core/workflow';
import type { Db } from '../platform/db/client.ts';
import { transactWrite } from '../platform/db/transact.ts';
import { newRequestWrites, type StoredRequest } from './request-entity.ts';

/**
 * A draft request at the workflow's first step with a fixed id (the route gates' and tests' fixtures): the
 * service's own writes (newRequestWrites), without its permission checks and idempotency record.
 */
export async function putDraftRequest(db: Db, workflow: Workflow, fields: { id: string; customerId: string; requestedBy: string; at: Date }): Promise<StoredRequest> {
  const { request, writes } = newRequestWrites(db, workflow, { id: fields.id, customerId: fields.customerId, at: fields.at.toISOString(), by: { username: fields.requestedBy } });
  await transactWrite(db, writes);
  return request;
}
