import { type AuditEntry, type RequestFile, type RequestStepItem, WORKFLOW } from '@portal/core/workflow';
import type { Actor } from '../access/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { transactWrite } from '../platform/db/transact.ts';
import { assertAnswerable, itemNotFound, type RequestContext } from './request-access.ts';
import { auditPut, fileAppend, fileRemove, getStoredItem, itemView, unchangedSince } from './request-entity.ts';

/**
 * A verified upload joins its item, or a file leaves it (W2's request-upload-service calls these after its own
 * checks): one transaction of the item change, "the request did not move on since it was read" and the
 * audit entry. Only the requester, while the item's step is current and the request answerable.
 */
type ItemContext = RequestContext & {
  stepId: string;
  definition: { itemId: string; type: RequestStepItem['type']; maxFiles?: number | undefined };
};

const busy = () =>
  new AppError(
    'conflict',
    WORKFLOW.STATE_CONFLICT,
    'The request changed meanwhile, or the item holds as many files as it may. Please reload it.',
  );
export const maxFilesOf = (def: ItemContext['definition']) => (def.type === 'screenflow' ? (def.maxFiles ?? 20) : 1);

export async function attachFile(db: Db, ctx: ItemContext, file: RequestFile, actor: Actor, now: Date): Promise<RequestStepItem> {
  assertAnswerable(ctx);
  const { itemId, type } = ctx.definition;
  const entry: AuditEntry = {
    at: now.toISOString(),
    actor: actor.username,
    actorName: actor.displayName,
    action: 'upload',
    stepId: ctx.stepId,
    before: null,
    after: { item: itemId, fileId: file.fileId, name: file.name, contentType: file.contentType, bytes: file.bytes },
  };
  try {
    await transactWrite(db, [
      fileAppend(db, ctx.request.id, ctx.stepId, itemId, type, file, maxFilesOf(ctx.definition)),
      unchangedSince(db, ctx.request.id, ctx.request.rev),
      auditPut(db, ctx.request.id, entry, ctx.request.rev),
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw busy();
    throw error;
  }
  const stored = await getStoredItem(db, ctx.request.id, ctx.stepId, itemId);
  return itemView(ctx.request.id, stored ?? { stepId: ctx.stepId, itemId, itemType: type, answer: null, files: [file] });
}

/** Removes a file from its item; 404 ITEM_NOT_FOUND when the item has no such file. Answers the file removed (its key is W2's to delete). */
export async function detachFile(db: Db, ctx: ItemContext, fileId: string, actor: Actor, now: Date): Promise<RequestFile> {
  assertAnswerable(ctx);
  const { itemId } = ctx.definition;
  const stored = await getStoredItem(db, ctx.request.id, ctx.stepId, itemId);
  const index = stored?.files.findIndex((f) => f.fileId === fileId) ?? -1;
  if (!stored || index < 0) throw itemNotFound();
  const file = stored.files[index]!;
  const entry: AuditEntry = {
    at: now.toISOString(),
    actor: actor.username,
    actorName: actor.displayName,
    action: 'remove-file',
    stepId: ctx.stepId,
    before: { item: itemId, fileId, name: file.name },
    after: null,
  };
  try {
    await transactWrite(db, [
      fileRemove(db, ctx.request.id, ctx.stepId, itemId, index, fileId),
      unchangedSince(db, ctx.request.id, ctx.request.rev),
      auditPut(db, ctx.request.id, entry, ctx.request.rev),
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw busy();
    throw error;
  }
  return file;
}
