import type { RequestChange } from '@portal/core/workflow';
import type { Actor } from '../access/index.ts';
import type { TxItem } from '../platform/db/transact.ts';
import type { StoredChange, StoredRequest } from './request-entity.ts';

/**
 * A kind of change a request carries (ADR 085), registered once at the composition root (RequestServiceDeps.effects).
 * `applyWrites` gives the writes that apply it; they join the final approval's own transaction, which is
 * conditional on the request's rev, so of a retried or of N parallel approvals exactly one applies it, and a
 * rejected request never does. It may throw an AppError to refuse the approval (nothing is written then).
 * `afterApply` runs after that transaction committed, for work outside the table (a port): it must be idempotent,
 * as it may run again (the kind's own outbox row says what is left to do).
 */
export type ChangeEffect = {
  kind: string;
  applyWrites(input: { request: StoredRequest; change: StoredChange; actor: Actor; at: string }): Promise<TxItem[]>;
  afterApply?(input: { request: StoredRequest; change: StoredChange }): Promise<void>;
};
export type ChangeEffects = ReadonlyMap<string, ChangeEffect>;
export const changeEffects = (...effects: ChangeEffect[]): ChangeEffects => new Map(effects.map((e) => [e.kind, e]));

export const requestChangeView = (change: StoredChange | null): RequestChange | null =>
  change ? { kind: change.kind, diff: change.diff } : null;
