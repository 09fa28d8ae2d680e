import type { Db } from '../platform/db/client.ts';
import { appendAudit, type AuditInput, type StoredAuditEntry } from './audit-entity.ts';

/**
 * Recording an event where it happens (ADR 114). Two ways, by whether the user's action is already done:
 * - `recordAudit` before the action is given out (a file's download link): it throws when the append fails
 *   (503 after its retries), so no file leaves without its entry and the user simply asks again;
 * - `recordAuditAfter` once the action is committed (a sign-in, a change saved): the same retried append, but a
 *   failure does not undo or hide the action — it is logged as `[audit] append failed` with the whole entry
 *   (an alarm's pattern; the entry can be appended from the line), never swallowed silently.
 * Where the action is one DynamoDB transaction anyway, `prepareAuditAppend` puts the entry in it instead.
 */
export function recordAudit(db: Db, input: AuditInput, now: () => Date = () => new Date()): Promise<StoredAuditEntry | null> {
  return appendAudit(db, input, now);
}

export type AuditLogger = (message: string, fields: Record<string, unknown>) => void;
const defaultLog: AuditLogger = (message, fields) => console.error(`[audit] ${message}`, fields);

export async function recordAuditAfter(
  db: Db,
  input: AuditInput,
  options: { now?: () => Date; log?: AuditLogger } = {},
): Promise<StoredAuditEntry | null> {
  try {
    return await appendAudit(db, input, options.now ?? (() => new Date()));
  } catch (error) {
    (options.log ?? defaultLog)('append failed', { entry: input, error: String(error) });
    return null;
  }
}

/** Who acts, as the services know it (access/actor.ts's Actor has these): the entry's customer, brand, person and address. */
export type AuditActor = { username: string; displayName: string; customerId: string; brandId?: string; ip?: string };

/** The input of an event the actor caused on its own customer: add the kind and details. */
export const byActor = (actor: AuditActor): Pick<AuditInput, 'customerId' | 'brandId' | 'actor' | 'ip'> => ({
  customerId: actor.customerId,
  brandId: actor.brandId ?? 'default',
  actor: { username: actor.username, name: actor.displayName },
  ip: actor.ip ?? null,
});
