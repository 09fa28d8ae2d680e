import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { AppError, type ErrorCode } from '../../errors.ts';
import type { Key } from './batch.ts';
import type { Db } from './client.ts';
import { applied } from './conditions.ts';
import { entity, getOne } from './entity.ts';

/** What every open upload holds: who started it and until when (TTL, a little past the upload form's expiry). */
export type OpenUpload = { username: string; expiresAt: number };

/**
 * The open uploads of the one upload path (ADR 045): `sk = UPL#<uploadId>` in the owner's partition
 * (`partitionOf`: a request, a customer's documents, its logo), item type `type`. Written when the
 * presigned form is handed out, read and claimed (a conditional Delete) by the upload's completion.
 * `expiresAt` is the record's own field here (the completion checks it), so it is not dropped.
 * An upload that is not open (absent, another user's, expired, completed already) is 409 `notOpenCode`.
 */
export function pendingUploads<T extends OpenUpload>(partitionOf: (owner: string) => string, type: string, notOpenCode: ErrorCode) {
  const keyOf = (owner: string, uploadId: string): Key => ({ pk: partitionOf(owner), sk: `UPL#${uploadId}` });
  const uploads = entity<T>();
  const notOpen = () =>
    new AppError('conflict', notOpenCode, 'This upload is not open: it expired or was completed already. Please upload the file again.');

  return {
    /** Opens an upload (1 Put). */
    async put(db: Db, owner: string, uploadId: string, pending: T): Promise<void> {
      await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keyOf(owner, uploadId), type, ...pending } }));
    },

    /**
     * The upload `username` opened, still open at `now` and, where given, `matching` what the completion
     * names (1 Get, strongly consistent); 409 otherwise.
     */
    async open(db: Db, owner: string, uploadId: string, by: { username: string; now: Date; matching?: (pending: T) => boolean }) {
      const pending = await getOne(db, uploads, keyOf(owner, uploadId), { consistent: true });
      const open = pending && pending.username === by.username && pending.expiresAt * 1000 >= by.now.getTime();
      if (!open || (by.matching && !by.matching(pending))) throw notOpen();
      return pending;
    },

    /** Claims an open upload (1 conditional Delete): of parallel completions exactly one gets through, the others 409. */
    async claim(db: Db, owner: string, uploadId: string): Promise<void> {
      const key = keyOf(owner, uploadId);
      if (
        !(await applied(db.doc.send(new DeleteCommand({ TableName: db.table, Key: key, ConditionExpression: 'attribute_exists(pk)' }))))
      ) {
        throw notOpen();
      }
    },
  };
}
