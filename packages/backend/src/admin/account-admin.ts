import { randomInt } from 'node:crypto';
import { PASSWORD, ADMIN } from '@portal/core/auth';
import * as z from '@portal/core/zod';
import { setAccountAccess, upsertAccount } from '../accounts/index.ts';
import { type Account, AccountFields } from '../accounts/index.ts';
import type { AccountMfa } from '../auth/index.ts';
import { hashPassword } from '../platform/security/password-hash.ts';
import { passwordProblems } from '../auth/index.ts';
import { getCustomer } from '../customers/index.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { recordAuditAfter } from '../audit/index.ts';
import { AppError } from '../errors.ts';
import { type AccessChange, accessNames, applyAccess, isEmptyChange } from './access-change.ts';
import type { AdminActor, AdminContext } from './admin-audited.ts';
import { inputError, invalid } from './admin-input.ts';

/** The admin commands (ADR 013) that create, show and give access to accounts. */

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

export const PASSWORD_ALPHABETS = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '-_!@#%+=?.'] as const;

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

export const VIEW_FIELDS = [...z.keyof(AccountFields).options, 'lastLogin', 'createdAt', 'updatedAt'] as const;

export function toView(account: AccountMfa, extra: { passwordExpired: boolean; loginLockedUntil: string | null; liveSessions: number }) {
  // An allowlist, so a secret field added later never shows up here by accident.
  const fields = Object.fromEntries(VIEW_FIELDS.filter((name) => name in account).map((name) => [name, account[name]])) as Pick<
    Account,
    (typeof VIEW_FIELDS)[number]
  >;
  return {
    ...fields,
    mfaNoticeDismissed: account.mfaNoticeDismissed === true,
    recoveryCodesLeft: account.recoveryCodeHashes?.length ?? 0,
    ...extra,
    access: accessNames(account),
  };
}

export function accountAdmin(ctx: AdminContext) {
  const { db, now, sessions, guard, audited, accountTarget, existingAccount, updateAccount } = ctx;
  return {
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
          await upsertAccount(db, account, await hashPassword(initial, ctx.passwordHashCost), at, { createOnly: true });
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
            access: {
              securityFlag: account.securityFlag,
              permissions: account.permissions,
              settings: account.settings,
              modules: account.modules,
            },
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
            passwordExpired: ctx.isPasswordExpired(account),
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
            // The customer's audit log (ADR 114): an operator changed one of its accounts (after the write; logged if it fails).
            await recordAuditAfter(db, {
              customerId: account.customerId,
              brandId: account.brandId,
              kind: 'account.access_changed_by_operator',
              // The operator's name as the admin tool records it; no request address (a tool on the operator's machine).
              actor: { username: actor.name, name: actor.name },
              subject: { username: account.username, name: `${account.firstname} ${account.surname}`.trim() || account.username },
              details: { portals: next.portals.join(', ') },
            });
            return {
              result,
              details: {
                portals: next.portals,
                securityFlag: next.securityFlag,
                permissions: next.permissions,
                settings: next.settings,
                modules: next.modules,
              },
            };
          }
          if (attempt >= 2) throw new AppError('conflict', ADMIN.CONCURRENT_CHANGE, 'The account changed meanwhile; try again');
        }
      });
    },
  };
}
