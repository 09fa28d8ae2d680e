import { type AuditEntry, type RequestStepItem, WORKFLOW } from '@portal/core/workflow';
import type { Actor } from '../access/index.ts';
import { AppError } from '../errors.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { answerProblem } from './request-item-answers.ts';
import { assertAnswerable, getItemForActor } from './request-access.ts';
import { answerUpdate, auditPut, getStoredItem, itemView, unchangedSince } from './request-entity.ts';
import { type RequestCalls, lostRace } from './request-details.ts';

/** The requester's answers to a step's items (ADR 046), checked against the item's definition. */
export function requestAnswers(calls: RequestCalls) {
  const { db, now, require, transact } = calls;
  return {
    /** PUT /flow/workflow-request-items/:itemId {answer}: text, number, date or choice, checked against the item's definition. */
    async answer(actor: Actor, ref: string, answer: string): Promise<RequestStepItem> {
      require(actor, 'doRequests');
      const ctx = await getItemForActor(db, actor, ref);
      assertAnswerable(ctx);
      const problem = answerProblem(ctx.definition, answer);
      if (problem) throw new AppError('input', WORKFLOW.ANSWER_INVALID, problem, { issues: [{ path: 'answer', message: problem }] });
      const value = answer.trim() === '' ? null : answer.trim();
      const old = await getStoredItem(db, ctx.request.id, ctx.stepId, ctx.definition.itemId);
      const entry: AuditEntry = {
        at: now().toISOString(),
        actor: actor.username,
        actorName: actor.displayName,
        action: 'answer',
        stepId: ctx.stepId,
        before: { item: ctx.definition.itemId, answer: old?.answer ?? null },
        after: { item: ctx.definition.itemId, answer: value },
      };
      try {
        await transact([
          answerUpdate(db, ctx.request.id, ctx.stepId, ctx.definition.itemId, ctx.definition.type, value),
          unchangedSince(db, ctx.request.id, ctx.request.rev),
          auditPut(db, ctx.request.id, entry, ctx.request.rev),
        ]);
      } catch (error) {
        if (isConditionFailure(error)) throw lostRace();
        throw error;
      }
      return itemView(ctx.request.id, {
        stepId: ctx.stepId,
        itemId: ctx.definition.itemId,
        itemType: ctx.definition.type,
        answer: value,
        files: old?.files ?? [],
      });
    },
  };
}
