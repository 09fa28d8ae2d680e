import type { Db } from '../platform/db/client.ts';
import { type AuditEntry, listSignInAuditOfUser, putSignInAudit } from './audit-log-entity.ts';

/** The sign-in audit log (its items: audit-log-entity.ts). */
export type { AuditEntry, SignInOutcome } from './audit-log-entity.ts';

export function createAuditLog(db: Db) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await putSignInAudit(db, entry);
    },

    forUser(username: string, limit = 50, cursor?: Record<string, unknown>) {
      return listSignInAuditOfUser(db, username, { limit, cursor });
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
