import { ADMIN } from '@portal/core/auth';
import { getAccount, setAccountStatus } from '../accounts/index.ts';
import type { Account } from '../accounts/index.ts';
import type { LoginGuard } from '../accounts/index.ts';
import type { AccountMfa } from '../auth/index.ts';
import type { SessionStore } from '../auth/index.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import { type AdminAction, type AdminAuditEntry, type AdminTarget, putAdminAudit } from './admin-audit-entity.ts';
import { inputError, notFound } from './admin-input.ts';
import { errorField } from '../platform/error-fields.ts';

/** Who runs a command: the operator's name (`--actor`, else the OS user) and machine. */
export type AdminActor = { name: string; host?: string };

export type AdminDeps = {
  db: Db;
  sessions: SessionStore;
  guard: LoginGuard;
  isPasswordExpired: (account: Account) => boolean;
  passwordHashCost: number;
  now: () => Date;
};

/** What every admin command shares (ADR 013): its audit record and the account it works on. */
export function adminContext(deps: AdminDeps) {
  const { db, now } = deps;

  /**
   * Runs one command and writes its audit record: 'done' with the details it returns, 'refused' with
   * the code of an AppError, 'failed' for anything else. The record follows the change; if writing it
   * fails, the command fails too, so the operator knows.
   */
  async function audited<T>(
    actor: AdminActor,
    action: AdminAction,
    target: AdminTarget | undefined,
    run: () => Promise<{ result: T; details?: Record<string, unknown> }>,
  ): Promise<T> {
    const name = actor.name.trim();
    if (!name || name.length > 200) throw inputError(ADMIN.ACTOR_REQUIRED, 'actor: a name of 1 to 200 characters', 'actor');
    const entry = (outcome: AdminAuditEntry['outcome'], rest: Partial<AdminAuditEntry>): AdminAuditEntry => ({
      at: now().toISOString(),
      actor: name,
      ...(actor.host ? { host: actor.host } : {}),
      action,
      ...(target ? { target } : {}),
      outcome,
      ...rest,
    });
    let outcome: { result: T; details?: Record<string, unknown> };
    try {
      outcome = await run();
    } catch (error) {
      const refused = error instanceof AppError;
      await putAdminAudit(
        db,
        entry(refused ? 'refused' : 'failed', { error: refused ? error.code : errorField(error, 'name') || 'Error' }),
      ).catch(() => undefined); // the original error is what the operator needs to see
      throw error;
    }
    await putAdminAudit(db, entry('done', outcome.details ? { details: outcome.details } : {}));
    return outcome.result;
  }

  const accountTarget = (username: string): AdminTarget => ({ kind: 'account', id: username.trim() });

  async function existingAccount(username: string): Promise<AccountMfa> {
    const account = await getAccount(db, username);
    if (!account) throw notFound(username.trim());
    return account;
  }

  /** A conditional update of an existing account; not_found when it is not there (any more). */
  async function updateAccount(username: string, write: (at: Date) => Promise<boolean>): Promise<boolean> {
    const ok = await write(now());
    if (!ok && !(await getAccount(db, username))) throw notFound(username.trim());
    return ok;
  }

  const setStatus = (username: string, status: Account['status'], onlyFrom?: Account['status']) =>
    updateAccount(username, (at) => setAccountStatus(db, username, status, at, onlyFrom));

  return { ...deps, audited, accountTarget, existingAccount, updateAccount, setStatus };
}

export type AdminContext = ReturnType<typeof adminContext>;
