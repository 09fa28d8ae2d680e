import { decodeAccess } from '@portal/core/auth';
import { getAccount } from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import type { AuditReader } from './audit-service.ts';

/**
 * The reader an account is now (ADR 116): its customer, decoded permissions and brand, in `timezone`. What
 * reads the log for a user after the request (the audit export's job, ADR 116) asks here, so the customer
 * is always the account's own and the permission is the account's as it is when the job runs. Null: no
 * such account.
 */
export async function auditReaderOf(db: Db, username: string, timezone: string): Promise<AuditReader | null> {
  const account = await getAccount(db, username);
  if (!account) return null;
  return { customerId: account.customerId, timezone, access: decodeAccess(account), brandId: account.brandId };
}
