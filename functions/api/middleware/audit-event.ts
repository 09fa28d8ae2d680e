import type { AuditDetails, AuditKind } from '@portal/core/audit';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { actorOf } from './session.ts';

/**
 * Records a change the signed-in caller just made on its own account (MFA, passkeys) in its customer's audit log
 * (ADR 114): after the change is committed, so a failed append is logged with the entry and the answer stands.
 * Here rather than in the service because the route knows the request's address.
 */
export async function auditOwnChange(c: Context<AppEnv>, kind: AuditKind, details: AuditDetails = {}): Promise<void> {
  const actor = actorOf(c);
  if (actor.customerId === '') return;
  await c.get('backend').customerAudit.after({
    customerId: actor.customerId,
    brandId: actor.brandId ?? 'default',
    kind,
    actor: { username: actor.username, name: actor.displayName },
    ip: actor.ip ?? null,
    details,
  });
}
