import { randomInt } from 'node:crypto';
import { PORTALS, type Portal } from '@portal/core/shared';
import {
  decodeFlags,
  encodeFlags,
  type FlagMap,
  GENERAL_PERMISSIONS,
  GENERAL_SETTINGS,
  MODULE_FLAGS,
  MODULE_NAMES,
  type ModuleName,
  SECURITY_FLAGS,
  ADMIN,
  PASSWORD,
} from '@portal/core/auth';
import * as z from '@portal/core/zod';
import { expireAccountPassword, getAccount, setAccountAccess, setAccountStatus, upsertAccount, type Account, AccountFields, type LoginGuard } from '../accounts/index.ts';
import { resetMfa, type AccountMfa, passwordProblems, type SessionStore } from '../auth/index.ts';
import { hashPassword } from '../platform/security/password-hash.ts';
import { type Customer, CustomerInput, getCustomer, listCustomers, putNewCustomer } from '../customers/index.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { AppError, type ErrorCode } from '../errors.ts';
import {
  type AdminAction,
  type AdminAuditEntry,
  type AdminTarget,
  listAdminAudit,
  putAdminAudit,
} from './admin-audit-entity.ts';

/**
 * What an operator does from the command line (`npm run admin`, ADR 013): customers, users, their access,
 * and the repairs a user cannot do alone (unlock, reset MFA, expire a password, disable). Every call names
 * its actor and leaves an admin audit record, whether it took effect or was refused. Account changes are
 * conditional writes on an existing account; the API reads the account on every request, so they take
 * effect at once.
 */

/** Who runs a command: the operator's name (`--actor`, else the OS user) and machine. */
export type AdminActor = { name: string; host?: string };

/** A flag number as given: the number itself, or the names of its bits (core's flag maps). */
export type FlagValue = number | readonly string[];

export type ModuleAccessChange = { permissions?: FlagValue; settings?: FlagValue };

export type AccessChange = {
  portals?: readonly Portal[];
  securityFlag?: FlagValue;
  permissions?: FlagValue;
  settings?: FlagValue;
} & { [M in ModuleName]?: ModuleAccessChange };

type ModuleFlagField = `${ModuleName}.${'permissions' | 'settings'}`;

/** The maps names are decoded with, per access field. */
export const ACCESS_FLAG_MAPS = {
  securityFlag: SECURITY_FLAGS,
  permissions: GENERAL_PERMISSIONS,
  settings: GENERAL_SETTINGS,
  ...(Object.fromEntries(
    MODULE_NAMES.flatMap((name) => [
      [`${name}.permissions`, MODULE_FLAGS[name].permissions],
      [`${name}.settings`, MODULE_FLAGS[name].settings],
    ]),
  ) as Record<ModuleFlagField, FlagMap>),
} as const satisfies Record<string, FlagMap>;

/**
 * Reads a flag value as typed on a command line: digits are the number itself, `none` or nothing is 0,
 * anything else is a comma-separated list of flag names (checked when the change is applied).
 */
export function parseFlagValue(text: string): FlagValue {
  const value = text.trim();
  if (value === '' || value.toLowerCase() === 'none') return 0;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

function encodeFlagValue(field: keyof typeof ACCESS_FLAG_MAPS, value: FlagValue): number {
  const map: FlagMap = ACCESS_FLAG_MAPS[field];
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw inputError(ADMIN.INVALID_FLAGS, `${field}: ${value} is not a non-negative whole number`, field);
    }
    return value;
  }
  const unknown = value.filter((name) => !Object.hasOwn(map, name));
  if (unknown.length) {
    const known = Object.keys(map).join(', ') || '(none defined)';
    throw inputError(ADMIN.UNKNOWN_FLAG, `${field}: unknown flag ${unknown.join(', ')} (known: ${known})`, field);
  }
  return encodeFlags(map, value);
}

const inputError = (code: ErrorCode, message: string, path = '') =>
  new AppError('input', code, message, { issues: [{ path, message }] });

const notFound = (username: string) =>
  new AppError('not_found', ADMIN.ACCOUNT_NOT_FOUND, `No account '${username}'`);

/** A zod failure as one input error naming every field. */
function invalid(error: z.$ZodError): AppError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return new AppError('input', ADMIN.INVALID_INPUT, message, { issues });
}

/** The names of the bits set in `value`, for display. */
const flagNames = (map: FlagMap, value: number) =>
  Object.entries(decodeFlags(map, value))
    .filter(([, on]) => on)
    .map(([name]) => name);

/** What create-user accepts: an account's profile and portals; MFA and secrets are the user's own. */
export const CreateUserFields = z.pick(AccountFields, {
  username: true,
  email: true,
  firstname: true,
  surname: true,
  jobTitle: true,
  customerId: true,
  brandId: true,
  portals: true,
  locale: true,
  timezone: true,
  mayChangePassword: true,
  mfaRequired: true,
});
export type CreateUserInput = z.input<typeof CreateUserFields> & {
  /** The initial password; when absent a strong one is generated and returned once. */
  password?: string;
  /** Set the password's expiry to now, so the first sign-in must renew it (My Account). */
  passwordExpired?: boolean;
  access?: AccessChange;
};

const PASSWORD_ALPHABETS = [
  'abcdefghijkmnopqrstuvwxyz',
  'ABCDEFGHJKLMNPQRSTUVWXYZ',
  '23456789',
  '-_!@#%+=?.',
] as const;

/**
 * A random password that passes the policy: 20 characters, at least one of each class, from the
 * cryptographic random source (~125 bits). Look-alike characters (l, 1, O, 0, I) are left out.
 */
export async function generatePassword(length = 20): Promise<string> {
  const all = PASSWORD_ALPHABETS.join('');
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;
  for (;;) {
    const chars = PASSWORD_ALPHABETS.map(pick);
    while (chars.length < length) chars.push(pick(all));
    for (let i = chars.length - 1; i > 0; i -= 1) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const password = chars.join('');
    if ((await passwordProblems(password, '')).length === 0) return password;
  }
}

/** An account as shown to an operator: no password hashes, TOTP secrets or recovery code hashes. */
export type AccountView = ReturnType<typeof toView>;

const VIEW_FIELDS = [...z.keyof(AccountFields).options, 'lastLogin', 'createdAt', 'updatedAt'] as const;

function toView(account: AccountMfa, extra: { passwordExpired: boolean; loginLockedUntil: string | null; liveSessions: number }) {
  // An allowlist, so a secret field added later never shows up here by accident.
  const fields = Object.fromEntries(
    VIEW_FIELDS.filter((name) => name in account).map((name) => [name, account[name as keyof Account]]),
  ) as Pick<Account, (typeof VIEW_FIELDS)[number]>;
  return {
    ...fields,
    mfaNoticeDismissed: account.mfaNoticeDismissed === true,
    recoveryCodesLeft: account.recoveryCodeHashes?.length ?? 0,
    ...extra,
    access: accessNames(account),
  };
}

function accessNames(account: Pick<Account, 'securityFlag' | 'permissions' | 'settings' | 'modules'>) {
  const module = (name: ModuleName) => ({
    permissions: flagNames(ACCESS_FLAG_MAPS[`${name}.permissions`], account.modules[name]?.permissions ?? 0),
    settings: flagNames(ACCESS_FLAG_MAPS[`${name}.settings`], account.modules[name]?.settings ?? 0),
  });
  return {
    security: flagNames(SECURITY_FLAGS, account.securityFlag),
    permissions: flagNames(GENERAL_PERMISSIONS, account.permissions),
    settings: flagNames(GENERAL_SETTINGS, account.settings),
    ...(Object.fromEntries(MODULE_NAMES.map((name) => [name, module(name)])) as Record<
      ModuleName,
      ReturnType<typeof module>
    >),
  };
}

type AccessFields = Pick<Account, 'portals' | 'securityFlag' | 'permissions' | 'settings' | 'modules'>;

/** The access fields after `change`; fields it does not name keep their value. */
function applyAccess(current: AccessFields, change: AccessChange): AccessFields {
  const next: AccessFields = { ...current, modules: { ...current.modules } };
  if (change.portals !== undefined) {
    const portals = z.array(z.enum(PORTALS)).check(z.minLength(1)).safeParse([...new Set(change.portals)]);
    if (!portals.success) throw inputError(ADMIN.INVALID_INPUT, `portals: one or more of ${PORTALS.join(', ')}`, 'portals');
    next.portals = portals.data;
  }
  if (change.securityFlag !== undefined) next.securityFlag = encodeFlagValue('securityFlag', change.securityFlag);
  if (change.permissions !== undefined) next.permissions = encodeFlagValue('permissions', change.permissions);
  if (change.settings !== undefined) next.settings = encodeFlagValue('settings', change.settings);
  for (const name of MODULE_NAMES) {
    const moduleChange = change[name];
    if (!moduleChange || (moduleChange.permissions === undefined && moduleChange.settings === undefined)) continue;
    const before = current.modules[name];
    next.modules[name] = {
      permissions:
        moduleChange.permissions === undefined
          ? (before?.permissions ?? 0)
          : encodeFlagValue(`${name}.permissions`, moduleChange.permissions),
      settings:
        moduleChange.settings === undefined
          ? (before?.settings ?? 0)
          : encodeFlagValue(`${name}.settings`, moduleChange.settings),
    };
  }
  return next;
}

const isEmptyChange = (change: AccessChange) =>
  change.portals === undefined &&
  change.securityFlag === undefined &&
  change.permissions === undefined &&
  change.settings === undefined &&
  MODULE_NAMES.map((name) => change[name]).every((m) => m?.permissions === undefined && m?.settings === undefined);

/** An opaque page cursor (a DynamoDB key) as text an operator can paste back. */
const encodeCursor = (key: Record<string, unknown> | undefined) =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;

/** Reads a cursor back; `belongs` checks it is a key of the list asked for. */
function decodeCursor(cursor: string | undefined, belongs: (key: Record<string, string>) => boolean) {
  if (cursor === undefined) return undefined;
  try {
    const key = z.record(z.string(), z.string()).parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (belongs(key)) return key;
  } catch {
    // reported below
  }
  throw inputError(ADMIN.BAD_CURSOR, 'cursor: not a cursor of this list', 'cursor');
}

const pageLimit = (limit: number | undefined, max: number) => {
  const value = limit ?? 50;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw inputError(ADMIN.INVALID_INPUT, `limit: a whole number from 1 to ${max}`, 'limit');
  }
  return value;
};

export function createAdminService(deps: {
  db: Db;
  sessions: SessionStore;
  guard: LoginGuard;
  isPasswordExpired: (account: Account) => boolean;
  passwordHashCost: number;
  now: () => Date;
}) {
  const { db, sessions, guard, now } = deps;

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
        entry(refused ? 'refused' : 'failed', { error: refused ? error.code : (error as Error).name || 'Error' }),
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

  return {
    async createCustomer(actor: AdminActor, input: z.input<typeof CustomerInput>): Promise<Customer> {
      const parsed = CustomerInput.safeParse(input);
      const target: AdminTarget = { kind: 'customer', id: String(input.customerId ?? '').trim() };
      return audited(actor, 'create-customer', target, async () => {
        if (!parsed.success) throw invalid(parsed.error);
        if (!(await putNewCustomer(db, parsed.data, now()))) {
          throw new AppError('conflict', ADMIN.CUSTOMER_EXISTS, `Customer '${parsed.data.customerId}' exists already`);
        }
        const { customerId: _id, ...details } = parsed.data;
        return { result: (await getCustomer(db, parsed.data.customerId))!, details };
      });
    },

    /** One page of customers sorted by name; pass the returned cursor for the next page. */
    async listCustomers(actor: AdminActor, page: { limit?: number; cursor?: string } = {}) {
      return audited(actor, 'list-customers', undefined, async () => {
        const limit = pageLimit(page.limit, 500);
        const res = await listCustomers(db, {
          limit,
          cursor: decodeCursor(page.cursor, (key) => key.gsi1pk === 'CUSTOMERS'),
        });
        return { result: { items: res.items, cursor: encodeCursor(res.cursor) }, details: { count: res.items.length } };
      });
    },

    /**
     * A new account through the import's write path (create only: an existing username, in any case, is
     * a conflict). The initial password must pass the password policy; without one a strong password is
     * generated and returned, once. The customer, when given, must exist.
     */
    async createUser(actor: AdminActor, input: CreateUserInput): Promise<{ username: string; generatedPassword?: string }> {
      const { password, passwordExpired, access, ...profile } = input;
      return audited(actor, 'create-user', accountTarget(String(profile.username ?? '')), async () => {
        const parsed = CreateUserFields.safeParse(profile);
        if (!parsed.success) throw invalid(parsed.error);
        const fields = parsed.data;
        const initial = password ?? (await generatePassword());
        const problems = await passwordProblems(initial, fields.username);
        if (problems.length) {
          throw new AppError('input', PASSWORD.TOO_WEAK, `password: ${problems.join('; ')}`, {
            issues: problems.map((message) => ({ path: 'password', message })),
          });
        }
        if (fields.customerId && !(await getCustomer(db, fields.customerId))) {
          throw new AppError('not_found', ADMIN.CUSTOMER_NOT_FOUND, `No customer '${fields.customerId}'`);
        }
        const base = AccountFields.parse(fields);
        const accessFields = applyAccess(base, access ?? {});
        const at = now();
        const account: AccountFields = {
          ...base,
          ...accessFields,
          passwordExpiry: passwordExpired ? at.toISOString() : null,
        };
        try {
          await upsertAccount(db, account, await hashPassword(initial, deps.passwordHashCost), at, { createOnly: true });
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
          throw new AppError('conflict', ADMIN.USERNAME_TAKEN, `Username '${fields.username}' is taken`);
        }
        return {
          result: { username: fields.username, ...(password === undefined ? { generatedPassword: initial } : {}) },
          details: {
            email: fields.email,
            customerId: fields.customerId,
            portals: account.portals,
            passwordGenerated: password === undefined,
            passwordExpired: passwordExpired === true,
            access: { securityFlag: account.securityFlag, permissions: account.permissions, settings: account.settings, modules: account.modules },
          },
        };
      });
    },

    /** The account without secrets, with its decoded access, sign-in lock and live session count. */
    async showUser(actor: AdminActor, username: string): Promise<AccountView> {
      return audited(actor, 'show-user', accountTarget(username), async () => {
        const account = await existingAccount(username);
        const lockedUntil = await guard.lockedUntil(account.username);
        return {
          result: toView(account, {
            passwordExpired: deps.isPasswordExpired(account),
            loginLockedUntil: lockedUntil?.toISOString() ?? null,
            liveSessions: (await sessions.listLive(account.username, now())).length,
          }),
        };
      });
    },

    /**
     * Sets portals, security flag, permissions, settings and module flags; what the change leaves out
     * keeps its value. Written only if the account is unchanged since it was read (updatedAt), retried
     * on a lost race, so a parallel edit is never overwritten with stale values.
     */
    async setAccess(actor: AdminActor, username: string, change: AccessChange) {
      return audited(actor, 'set-access', accountTarget(username), async () => {
        if (isEmptyChange(change)) throw inputError(ADMIN.NOTHING_TO_CHANGE, 'Nothing to change: name at least one access option');
        for (let attempt = 0; ; attempt += 1) {
          const account = await existingAccount(username);
          const next = applyAccess(account, change);
          const written = await updateAccount(username, (at) => setAccountAccess(db, username, next, account.updatedAt, at));
          if (written) {
            const result = { username: account.username, ...next, access: accessNames(next) };
            return { result, details: { portals: next.portals, securityFlag: next.securityFlag, permissions: next.permissions, settings: next.settings, modules: next.modules } };
          }
          if (attempt >= 2) throw new AppError('conflict', ADMIN.CONCURRENT_CHANGE, 'The account changed meanwhile; try again');
        }
      });
    },

    /** Clears the sign-in failure budget and lock (ADR 010) and, if an administrator locked it, the status. */
    async unlock(actor: AdminActor, username: string) {
      return audited(actor, 'unlock', accountTarget(username), async () => {
        const account = await existingAccount(username);
        const lockedUntil = await guard.lockedUntil(account.username);
        await guard.clear(account.username);
        const statusChanged = await setStatus(account.username, 'active', 'locked');
        const result = { username: account.username, loginLockCleared: lockedUntil !== null, statusChanged };
        return { result, details: { loginLockedUntil: lockedUntil?.toISOString() ?? null, statusChanged } };
      });
    },

    /**
     * Removes the account's second factor (secret, recovery codes, pending set-up) and ends its sessions:
     * the user signs in with the password alone (or sets MFA up again when it is required).
     */
    async resetMfa(actor: AdminActor, username: string) {
      return audited(actor, 'reset-mfa', accountTarget(username), async () => {
        const account = await existingAccount(username);
        if (!(await resetMfa(db, account.username))) throw notFound(username.trim());
        const sessionsEnded = await sessions.revokeAll(account.username);
        const result = { username: account.username, previousMethod: account.mfaMethod, sessionsEnded };
        return { result, details: { previousMethod: account.mfaMethod, sessionsEnded } };
      });
    },

    /** Sets the password's expiry to now: the next request or sign-in goes to My Account to renew it. */
    async expirePassword(actor: AdminActor, username: string) {
      return audited(actor, 'expire-password', accountTarget(username), async () => {
        const account = await existingAccount(username);
        const expiry = now().toISOString();
        const written = await updateAccount(account.username, (at) => expireAccountPassword(db, account.username, expiry, at));
        if (!written) {
          // Such a user could never renew it: the account would be unusable.
          throw new AppError(
            'input',
            ADMIN.PASSWORD_CHANGE_NOT_ALLOWED,
            `Account '${account.username}' may not change its password; expiring it would shut the user out`,
          );
        }
        return { result: { username: account.username, passwordExpiry: expiry }, details: { passwordExpiry: expiry } };
      });
    },

    /** Locks the account (status 'locked') and ends every session it has, on both portals. */
    async disable(actor: AdminActor, username: string) {
      return audited(actor, 'disable', accountTarget(username), async () => {
        const account = await existingAccount(username);
        // The status first: from here on no sign-in succeeds, so no session appears after the sweep.
        await setStatus(account.username, 'locked');
        const sessionsEnded = await sessions.revokeAll(account.username);
        return {
          result: { username: account.username, sessionsEnded },
          details: { previousStatus: account.status, sessionsEnded },
        };
      });
    },

    /** Lifts an administrator's lock (status 'locked' -> 'active'); other statuses stay as they are. */
    async enable(actor: AdminActor, username: string) {
      return audited(actor, 'enable', accountTarget(username), async () => {
        const account = await existingAccount(username);
        const statusChanged = await setStatus(account.username, 'active', 'locked');
        return { result: { username: account.username, statusChanged }, details: { statusChanged } };
      });
    },

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
