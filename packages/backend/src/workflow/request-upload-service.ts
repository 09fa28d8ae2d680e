import { randomBytes } from 'node:crypto';
import {
  type RequestFile,
  type RequestStepItem,
  SCREENFLOW_CONTENT_TYPES,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_ITEM_TYPES,
  UPLOAD_MAX_BYTES,
  WORKFLOW,
  type WorkflowUploadStart,
  type WorkflowUploadTicket,
} from '@portal/core/workflow';
import type { Actor } from '../access/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import type { Clock } from '../platform/time.ts';
import { assertAnswerable, getItemForActor, getRequestForActor, itemNotFound } from './request-access.ts';
import { readRequestPartition } from './request-entity.ts';
import { attachFile, detachFile, maxFilesOf } from './request-files.ts';
import { type PendingUpload, requestUploads } from './request-upload-entity.ts';
import { uploadRejected, verifyUpload } from './request-upload-verification.ts';
import { denied, hasFlow } from './workflow-service.ts';

/**
 * Uploads to file and screenflow items (ADR 045):
 * 1. `start`: the requester names the file; the answer is a presigned POST for one pending key (pendingKey),
 *    with S3's own conditions (that Content-Type, 1..UPLOAD_MAX_BYTES bytes, 15 minutes).
 *    A pending-upload row (`UPL#<uploadId>` in the request's partition, TTL) remembers the item and name.
 * 2. The browser POSTs the file straight to S3 (the API never carries the bytes in).
 * 3. `complete`: the pending row is claimed (deleted on condition: one completion), the object's size
 *    checked and its bytes verified (request-upload-verification.ts); a rejected file is deleted and nothing is
 *    kept; the verified bytes themselves are written under the request's prefix (uploadKey, a key no
 *    upload form names: ADR 050) and join the item through W1's attachFile (with its audit entry) under
 *    its verified type. S3 (and the local stand-in's verifying front, ADR 050) refuses a POST outside the
 *    form's limits; the size is checked here too, as the last word on what is kept.
 * Downloads (`downloadUrl`) are short presigned GETs answering an attachment with the verified type.
 */
export type UploadServiceDeps = { db: Db; files: FileStore; now: Clock };

const UPLOAD_TTL_SECONDS = 15 * 60;
const DOWNLOAD_TTL_SECONDS = 5 * 60;
/** Where an item's file lives: the request's prefix, then step, item and the file's id. */
export const uploadKey = (requestId: string, stepId: string, itemId: string, fileId: string) =>
  `workflow-requests/${requestId}/${stepId}/${itemId}/${fileId}`;
/**
 * Where the browser's POST lands: under `workflow-uploads/pending/`, which a bucket lifecycle rule empties
 * after a day (infra/storage.ts), so an upload never completed leaves nothing for long. A verified file is
 * written to its uploadKey from the checked bytes (with its verified type and an attachment disposition) and
 * the pending object removed; a form replayed later only refills the pending key, which nothing reads again.
 */
export const pendingKey = (requestId: string, uploadId: string) => `${PENDING_PREFIX}${requestId}/${uploadId}`;
export const PENDING_PREFIX = 'workflow-uploads/pending/';

/** The types an item takes: a screenflow only images (pins on screens), a file item a PDF too. */
const acceptedFor = (type: RequestStepItem['type']): readonly string[] =>
  type === 'screenflow' ? SCREENFLOW_CONTENT_TYPES : UPLOAD_CONTENT_TYPES;

export function createUploadService({ db, files, now }: UploadServiceDeps) {
  /** The item if it takes uploads and the actor may change it now (the requester, an answerable request, the current step). */
  async function uploadableItem(actor: Actor, itemRef: string) {
    // The function first (ADR 052): without flow.doRequests every upload call is 403, whoever's the item,
    // so the answer never depends on whether the id names an object the caller could see.
    if (!hasFlow(actor, 'doRequests')) throw denied();
    const ctx = await getItemForActor(db, actor, itemRef);
    if (!UPLOAD_ITEM_TYPES.some((type) => type === ctx.definition.type)) {
      throw new AppError('input', WORKFLOW.ANSWER_INVALID, 'This item is answered with a text, not a file.');
    }
    assertAnswerable(ctx);
    return ctx;
  }

  return {
    async start(actor: Actor, itemRef: string, input: WorkflowUploadStart): Promise<WorkflowUploadTicket> {
      const ctx = await uploadableItem(actor, itemRef);
      const accepted = acceptedFor(ctx.definition.type);
      if (!accepted.includes(input.contentType))
        throw uploadRejected(
          `This item takes ${ctx.definition.type === 'screenflow' ? 'images (PNG, JPEG or WebP)' : 'PNG, JPEG, WebP or PDF files'} only.`,
        );
      const partition = await readRequestPartition(db, ctx.request.id);
      const held = partition.items.get(`${ctx.stepId}#${ctx.definition.itemId}`)?.files.length ?? 0;
      if (held >= maxFilesOf(ctx.definition))
        throw new AppError('conflict', WORKFLOW.STATE_CONFLICT, 'This item holds as many files as it may. Remove one first.');
      const at = now();
      const uploadId = randomBytes(12).toString('base64url');
      const pending: PendingUpload = {
        stepId: ctx.stepId,
        itemId: ctx.definition.itemId,
        fileName: input.fileName,
        username: actor.username,
        // TTL a little past the POST's expiry: a completion right at the end still finds it.
        expiresAt: Math.ceil(at.getTime() / 1000) + UPLOAD_TTL_SECONDS + 300,
      };
      await requestUploads.put(db, ctx.request.id, uploadId, pending);
      const form = await files.uploadForm(
        pendingKey(ctx.request.id, uploadId),
        { contentType: input.contentType, maxBytes: UPLOAD_MAX_BYTES, expiresInSeconds: UPLOAD_TTL_SECONDS },
        at,
      );
      return { uploadId, ...form };
    },

    async complete(actor: Actor, itemRef: string, uploadId: string): Promise<RequestStepItem> {
      const ctx = await uploadableItem(actor, itemRef);
      const at = now();
      const pending = await requestUploads.open(db, ctx.request.id, uploadId, {
        username: actor.username,
        now: at,
        matching: (open) => open.stepId === ctx.stepId && open.itemId === ctx.definition.itemId,
      });
      // Claim it: of parallel completions of one upload, exactly one goes on.
      await requestUploads.claim(db, ctx.request.id, uploadId);
      const objectKey = pendingKey(ctx.request.id, uploadId);
      const finalKey = uploadKey(ctx.request.id, ctx.stepId, ctx.definition.itemId, uploadId);
      const size = await files.size(objectKey);
      if (size === null) throw uploadRejected('The file did not arrive. Please upload it again.');
      let file: RequestFile;
      try {
        // Size first, so an oversized object is never read (S3 refuses one at the POST already; this holds
        // whatever reached the pending key).
        if (size === 0) throw uploadRejected('The file is empty.');
        if (size > UPLOAD_MAX_BYTES) throw uploadRejected(`The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);
        // The pending key stays writable through the same form until it expires: what is kept is written
        // from the very bytes verified here, never copied from that key afterwards (ADR 050). An object
        // replaced meanwhile is never read again and goes with the pending key below.
        const bytes = await files.read(objectKey);
        const verified = await verifyUpload(bytes, acceptedFor(ctx.definition.type));
        file = { fileId: uploadId, name: pending.fileName, bytes: bytes.length, uploadedAt: at.toISOString(), ...verified };
        await files.put(finalKey, bytes, { contentType: verified.contentType, fileName: pending.fileName });
      } catch (error) {
        // Nothing of a refused upload is kept.
        await files.remove(objectKey);
        throw error;
      }
      await files.remove(objectKey);
      try {
        return await attachFile(db, ctx, file, actor, at);
      } catch (error) {
        // The request moved on meanwhile (or the item is full): the copy goes too.
        await files.remove(finalKey);
        throw error;
      }
    },

    /** Removes a file before submission (the requester, the current step); the object goes with it. 204 also when it is gone already. */
    async removeFile(actor: Actor, itemRef: string, fileId: string): Promise<void> {
      const ctx = await uploadableItem(actor, itemRef);
      let file: RequestFile;
      try {
        file = await detachFile(db, ctx, fileId, actor, now());
      } catch (error) {
        // Idempotent: a file no longer on the item (a repeated DELETE) is gone already.
        if (error instanceof AppError && error.code === WORKFLOW.ITEM_NOT_FOUND) return;
        throw error;
      }
      await files.remove(uploadKey(ctx.request.id, ctx.stepId, ctx.definition.itemId, file.fileId));
    },

    /**
     * GET flow/workflow-requests/:id?download=<fileId> (W1's route): a 5-minute presigned GET answering the
     * file as an attachment with its verified type; 404 like none for a file not on a request the actor sees.
     */
    async downloadUrl(actor: Actor, requestId: string, fileId: string): Promise<string> {
      const ctx = await getRequestForActor(db, actor, requestId);
      const partition = await readRequestPartition(db, ctx.request.id);
      for (const item of partition.items.values()) {
        const file = item.files?.find((f) => f.fileId === fileId);
        if (file)
          return files.downloadUrl(
            uploadKey(ctx.request.id, item.stepId, item.itemId, file.fileId),
            file.name,
            DOWNLOAD_TTL_SECONDS,
            file.contentType,
          );
      }
      throw itemNotFound();
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
