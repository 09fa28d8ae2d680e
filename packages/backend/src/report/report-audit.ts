import type { AuditDetails, AuditKind } from '@portal/core/audit';
import type { Actor } from '../access/index.ts';
import { byActor, recordAuditAfter } from '../audit/index.ts';
import type { Db } from '../platform/db/client.ts';

/**
 * A report change in the actor's customer's audit log (ADR 114, ADR 122): a custom report created, changed or
 * deleted, its schedule saved, its mailing list changed — after the change is committed, so a failed append is
 * logged with the entry and the change stands. The report is named by its name as it was (the words of ADR 122).
 */
export function auditReportChange(
  deps: { db: Db; now: () => Date },
  actor: Actor,
  kind: Extract<AuditKind, `report.${string}`>,
  details: AuditDetails,
): Promise<unknown> {
  return recordAuditAfter(deps.db, { ...byActor(actor), kind, details }, { now: deps.now });
}
