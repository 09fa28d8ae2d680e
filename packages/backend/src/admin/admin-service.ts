import { ADMIN } from '@portal/core/auth';
import { accountAdmin } from './account-admin.ts';
import { accountRepairs } from './account-repairs.ts';
import { adminContext, type AdminDeps } from './admin-audited.ts';
import { listAdminAudit } from './admin-audit-entity.ts';
import { decodeCursor, encodeCursor, inputError, pageLimit } from './admin-input.ts';
import { customerAdmin } from './customer-admin.ts';

/**
 * What an operator does from the command line (`npm run admin`, ADR 013): customers, users, their access,
 * and the repairs a user cannot do alone (unlock, reset MFA, expire a password, disable). Every call names
 * its actor and leaves an admin audit record, whether it took effect or was refused. Account changes are
 * conditional writes on an existing account; the API reads the account on every request, so they take
 * effect at once.
 */

export { ACCESS_FLAG_MAPS, type AccessChange, type FlagValue, type ModuleAccessChange, parseFlagValue } from './access-change.ts';
export { type AccountView, CreateUserFields, type CreateUserInput, generatePassword } from './account-admin.ts';
export type { AdminActor } from './admin-audited.ts';

/** The admin commands, composed from their use cases; each call is audited (admin-audited.ts). */
export function createAdminService(deps: AdminDeps) {
  const ctx = adminContext(deps);
  const { db, accountTarget } = ctx;
  return {
    ...customerAdmin(ctx),
    ...accountAdmin(ctx),
    ...accountRepairs(ctx),

    /** The admin audit trail of a day (yyyy-mm-dd, UTC) or of an account or customer, newest first. */
    async auditTrail(of: { day: string } | { username: string } | { customerId: string }, page: { limit?: number; cursor?: string } = {}) {
      const limit = pageLimit(page.limit, 1000);
      if ('day' in of && !/^\d{4}-\d{2}-\d{2}$/.test(of.day)) throw inputError(ADMIN.INVALID_INPUT, 'day: yyyy-mm-dd', 'day');
      const query =
        'day' in of
          ? { day: of.day }
          : { target: 'username' in of ? accountTarget(of.username) : ({ kind: 'customer', id: of.customerId.trim() } as const) };
      const cursor = decodeCursor(page.cursor, (key) => key.pk?.startsWith('ADMIN_AUDIT#') === true);
      const res = await listAdminAudit(db, query, { limit, cursor });
      return { items: res.items, cursor: encodeCursor(res.cursor) };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
