import { randomBytes } from 'node:crypto';
import { PERMISSION } from '@portal/core/auth';
import { type AuditEntry, ItemComment, type ItemCommentInput, type RequestFile, WORKFLOW } from '@portal/core/workflow';
import type * as z from '@portal/core/zod';
import type { Actor } from '../access/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import { getItem, stripKeys } from '../platform/db/entity.ts';
import { transactOptimistically } from '../platform/db/transact.ts';
import type { Clock } from '../platform/time.ts';
import { decidesOn, getItemForActor, itemNotFound } from './request-access.ts';
import { auditPut, getStoredItem, itemRef, REQUEST_SK, requestPk } from './request-entity.ts';

/**
 * Item comments (SPEC flow/workflow-request-comments; ADR 045): a thread per item, and pins: a comment
 * with positionX/positionY (0..1 of the image, or of a PDF's `page`: ADR 047) on one of the item's files
 * shows as a numbered pin there. Pins are numbered per file in creation order, one count across a PDF's
 * pages (so a pin's number names it in the thread whatever its page), by a counter row (`PINS#<stepId>#<itemId>#<fileId>`)
 * written in the comment's transaction on the condition that it still holds what was read, so parallel
 * pins on one image get 1, 2, 3... without gaps or twins. Only the requester and the request's approvers
 * comment; the comment and its audit entry are one transaction.
 */
export type CommentServiceDeps = { db: Db; now: Clock };
type CommentInput = z.infer<typeof ItemCommentInput>;

const commentSk = (createdAt: string, commentId: string) => `${REQUEST_SK.comment}${createdAt}#${commentId}`;
const pinsKey = (requestId: string, stepId: string, itemId: string, fileId: string) => ({
  pk: requestPk(requestId),
  sk: `PINS#${stepId}#${itemId}#${fileId}`,
});

/** The CMT# rows of a request's partition as ItemComments, oldest first (W1's detail reads them through this). */
export function commentsOf(items: Record<string, unknown>[]): ItemComment[] {
  return [...items]
    .sort((a, b) => String(a.sk).localeCompare(String(b.sk)))
    .flatMap((i) => {
      const parsed = ItemComment.safeParse(stripKeys(i));
      return parsed.success ? [parsed.data] : [];
    });
}

const invalid = (message: string, field: string) =>
  new AppError('input', WORKFLOW.ANSWER_INVALID, message, { issues: [{ path: field, message }] });

/**
 * The page of a pin on `file` (ADR 047): a PDF's pin names a page within 1..pageCount (a PDF verified
 * before pages were counted has no pageCount: any page from 1, the viewer shows only real ones); an
 * image's pin has none.
 */
function pinPage(file: RequestFile, page: number | undefined): number | null {
  if (file.contentType !== 'application/pdf') {
    if (page !== undefined) throw invalid('A pin on an image has no page.', 'page');
    return null;
  }
  if (page === undefined) throw invalid('Say which page of the PDF the pin is on (page).', 'page');
  const pageCount = file.pageCount ?? null;
  if (pageCount !== null && page > pageCount)
    throw invalid(`The PDF has ${pageCount} page${pageCount === 1 ? '' : 's'}: there is no page ${page}.`, 'page');
  return page;
}

export function createCommentService({ db, now }: CommentServiceDeps) {
  return {
    async create(actor: Actor, input: CommentInput): Promise<ItemComment> {
      const ctx = await getItemForActor(db, actor, input.requestStepItemId);
      if (!ctx.requester && !(ctx.approver && decidesOn(ctx.request, actor.username))) {
        throw new AppError('forbidden', PERMISSION.DENIED, "Only the requester and the request's approvers can comment.");
      }
      if (ctx.request.deleted)
        throw new AppError('conflict', WORKFLOW.STATE_CONFLICT, 'This request is archived: it takes no more comments.');
      const positioned = input.positionX !== undefined || input.positionY !== undefined;
      if (positioned && (input.positionX === undefined || input.positionY === undefined))
        throw invalid('A pin needs both positionX and positionY.', input.positionX === undefined ? 'positionX' : 'positionY');
      if (!positioned && input.page !== undefined) throw invalid('A page goes with a pin: give positionX and positionY too.', 'page');
      const { itemId } = ctx.definition;
      const stored = await getStoredItem(db, ctx.request.id, ctx.stepId, itemId);
      const files = stored?.files ?? [];
      let fileId = input.fileId ?? null;
      if (fileId !== null && !files.some((f) => f.fileId === fileId)) throw itemNotFound();
      if (positioned && fileId === null) {
        // A pin is on a file (an image, or a PDF's page): the item's only one, or the one named.
        if (files.length !== 1)
          throw invalid(
            files.length === 0 ? 'A pin needs an image: this item has no file.' : 'Say which image or PDF the pin is on (fileId).',
            'fileId',
          );
        fileId = files[0]!.fileId;
      }
      const page = positioned
        ? pinPage(
            files.find((f) => f.fileId === fileId)!,
            input.page,
          )
        : null;
      const commentId = randomBytes(9).toString('base64url');
      const requestId = ctx.request.id;
      const meta = { pk: requestPk(requestId), sk: REQUEST_SK.meta };
      return transactOptimistically(
        db,
        async () => {
          const createdAt = now().toISOString();
          const counter = positioned && fileId ? pinsKey(requestId, ctx.stepId, itemId, fileId) : null;
          const before = counter ? Number((await getItem(db, counter, { consistent: true }))?.n ?? 0) : 0;
          const comment: ItemComment = {
            commentId,
            requestStepItemId: itemRef(requestId, ctx.stepId, itemId),
            comment: input.comment,
            positionX: positioned ? input.positionX! : null,
            positionY: positioned ? input.positionY! : null,
            fileId,
            pin: counter ? before + 1 : null,
            page,
            author: actor.username,
            authorName: actor.displayName,
            createdAt,
          };
          const entry: AuditEntry = {
            at: createdAt,
            actor: actor.username,
            actorName: actor.displayName,
            action: 'comment',
            stepId: ctx.stepId,
            before: null,
            after: { item: itemId, commentId, fileId, pin: comment.pin, page },
          };
          return {
            result: comment,
            transaction: [
              {
                Put: {
                  TableName: db.table,
                  Item: { ...meta, sk: commentSk(createdAt, commentId), type: 'workflowComment', ...comment },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              // Not archived meanwhile.
              {
                ConditionCheck: {
                  TableName: db.table,
                  Key: meta,
                  ConditionExpression: '#deleted = :zero',
                  ExpressionAttributeNames: { '#deleted': 'deleted' },
                  ExpressionAttributeValues: { ':zero': 0 },
                },
              },
              ...(counter
                ? [
                    {
                      Put: {
                        TableName: db.table,
                        Item: { ...counter, type: 'workflowPins', n: before + 1 },
                        ConditionExpression: before === 0 ? 'attribute_not_exists(pk)' : 'n = :before',
                        ...(before === 0 ? {} : { ExpressionAttributeValues: { ':before': before } }),
                      },
                    },
                  ]
                : []),
              auditPut(db, requestId, entry),
            ],
          };
        },
        {
          maxAttempts: 8,
          capMs: 200,
          busy: () => new AppError('conflict', WORKFLOW.STATE_CONFLICT, 'The request changed meanwhile (archived?). Please reload it.'),
        },
      );
    },
  };
}
export type CommentService = ReturnType<typeof createCommentService>;
