import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../platform/db/client.ts';
import { applied } from '../platform/db/conditions.ts';
import { entity, getOne } from '../platform/db/entity.ts';
import { requestPk } from './request-entity.ts';

/**
 * Open uploads (ADR 045, `workflowUpload`): `pk = REQ#<id>, sk = UPL#<uploadId>` in the request's partition,
 * TTL `expiresAt` a little past the upload form's expiry. Written when the form is handed out, read and
 * claimed (a conditional Delete) by the upload's completion; request-upload-service.ts holds the rules.
 */
export type PendingUpload = { stepId: string; itemId: string; fileName: string; username: string; expiresAt: number };

const uploadKey = (requestId: string, uploadId: string) => ({ pk: requestPk(requestId), sk: `UPL#${uploadId}` });
/** `expiresAt` is the record's own field here (the completion checks it), so it is not dropped. */
const pendingUploads = entity<PendingUpload>();

/** Opens an upload (1 Put). */
export async function putPendingUpload(db: Db, requestId: string, uploadId: string, pending: PendingUpload): Promise<void> {
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: { ...uploadKey(requestId, uploadId), type: 'workflowUpload', ...pending } }),
  );
}

/** An open upload (1 Get, strongly consistent); null when absent. */
export const getPendingUpload = (db: Db, requestId: string, uploadId: string): Promise<PendingUpload | null> =>
  getOne(db, pendingUploads, uploadKey(requestId, uploadId), { consistent: true });

/** Claims an open upload (1 conditional Delete): of parallel completions exactly one gets true. */
export const claimPendingUpload = (db: Db, requestId: string, uploadId: string): Promise<boolean> =>
  applied(
    db.doc.send(
      new DeleteCommand({ TableName: db.table, Key: uploadKey(requestId, uploadId), ConditionExpression: 'attribute_exists(pk)' }),
    ),
  );
