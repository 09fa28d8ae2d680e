import type { Portal } from '@portal/core/shared';
import { usernameKey } from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import { entity, listPage } from '../platform/db/entity.ts';
import { onIndex, type PageRequest } from '../platform/db/query.ts';
import { appendToDayLog } from '../platform/db/day-log.ts';

/**
 * The sign-in audit log's items (`signInAudit`): every attempt, success or failure, with time, username, IP
 * and outcome. Access patterns:
 * - by day:      pk=AUDIT#<yyyy-mm-dd>, sk=<time>#<id>
 * - by username: gsi1 gsi1pk=AUDIT#USER#<username lower>, gsi1sk=<time>
 * Entries are kept 400 days (TTL).
 */
export type SignInOutcome =
  | 'success'
  | 'mfa_required'
  | 'mfa_setup_required'
  | 'wrong_password'
  | 'wrong_code'
  | 'locked'
  | 'account_locked'
  | 'wrong_url'
  | 'invalid_ip'
  | 'rate_limited'
  | 'sso_success'
  | 'sso_not_linked'
  | 'passkey_refused';

export type AuditEntry = {
  at: string;
  username: string;
  ip?: string;
  portal: Portal;
  outcome: SignInOutcome;
  method: 'password' | 'totp' | 'email' | 'recovery' | 'sso' | 'passkey';
};

const RETENTION_DAYS = 400;

const auditEntries = entity<AuditEntry>({ drop: ['expiresAt'] });

/** Appends one entry (1 Put; the name is cut to 200 characters). */
export const putSignInAudit = (db: Db, entry: AuditEntry): Promise<void> =>
  appendToDayLog(
    db,
    'AUDIT',
    entry.at,
    {
      gsi1pk: `AUDIT#USER#${usernameKey(entry.username)}`,
      gsi1sk: entry.at,
      type: 'signInAudit',
      ...entry,
      username: entry.username.slice(0, 200),
    },
    RETENTION_DAYS,
  );

/** One page of a user's entries, newest first (gsi1 `AUDIT#USER#<u>`). */
export function listSignInAuditOfUser(db: Db, username: string, page: PageRequest) {
  const index = onIndex('gsi1', `AUDIT#USER#${usernameKey(username)}`);
  return listPage(db, auditEntries, { ...index, ScanIndexForward: false }, page);
}
