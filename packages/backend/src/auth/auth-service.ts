import { isMfaSetUpPending } from './strong-session.ts';
import type { Portal } from '@portal/core/shared';
import { type LoginResult, MfaState, pendingAccountStep, type SessionStatus, type SignInInput, LOGIN } from '@portal/core/auth';
import { getAccount, recordLogin, type Account, type LoginGuard } from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError, type ErrorCode } from '../errors.ts';
import { isAddressAllowed } from '../platform/security/ip-allowlist.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';
import type { AuditLog, AuditEntry } from './audit-log.ts';
import type { AccountMfa, MfaService } from './mfa/mfa-service.ts';
import { hashPassword, verifyPassword } from '../platform/security/password-hash.ts';
import type { SessionStore } from './sessions.ts';
import type { SessionRecord, SignInMethod } from './session-entity.ts';
import { isPasswordExpiredAt, sessionStatus } from './session-status.ts';

export type RequestMeta = { ip?: string; userAgent?: string; portal: Portal };

export type SignInOutcome = {
  result: LoginResult;
  session?: { token: string; maxAgeSeconds: number };
  mfaAttempt?: { token: string; maxAgeSeconds: number };
};

/** Sign-in attempts one client address may make per minute (ADR 010). */
export const SIGNIN_PER_IP = { name: 'signin-ip', windowSeconds: 60 } as const;

export function createAuthService(deps: {
  db: Db;
  sessions: SessionStore;
  guard: LoginGuard;
  audit: AuditLog;
  rateLimiter: RateLimiter;
  mfa: MfaService;
  signInsPerIpPerMinute: number;
  passwordHashCost: number;
  now: () => Date;
  /** The customer's current logo URL for the session's brandingUrl (SPEC 3, ADR 084); none: ''. */
  brandingUrlOf?: (customerId: string) => Promise<string>;
}) {
  const { db, sessions, guard, audit, rateLimiter, mfa, now } = deps;
  // Unknown usernames are checked against this hash so they cost the same time as known ones.
  let dummyHash: Promise<string> | undefined;
  const timingDecoy = () => {
    dummyHash ??= hashPassword('decoy password that never matches', deps.passwordHashCost);
    return dummyHash;
  };

  const isPasswordExpired = isPasswordExpiredAt;

  /**
   * The last step of every successful sign-in (password, MFA or single sign-on): a new session and
   * token (never one the browser presented: no fixation), the last-login record, the login result.
   */
  async function issueSession(account: Account, meta: RequestMeta, method: SignInMethod = 'password') {
    const at = now();
    const session = await sessions.create(account.username, at, { ...meta, method });
    await recordLogin(db, account.username, at, meta.ip);
    return { result: loginResult(account, { success: true }), session };
  }

  function loginResult(account: Account, response: LoginResult['response']): LoginResult {
    return {
      response,
      username: account.username,
      securityFlag: account.securityFlag,
      passwordExpired: isPasswordExpired(account, now()),
    };
  }

  return {
    /**
     * POST auth/signin. A right password on an MFA account without a code starts the second step
     * (`mfaAttempt`, result mfa 20); with a code it is checked against that attempt. Every failure of
     * either step counts toward the name's budget (ADR 010).
     */
    async signIn(input: SignInInput, meta: RequestMeta, mfaAttemptToken?: string): Promise<SignInOutcome> {
      const code = input.secretCode?.trim() || undefined;
      // `account`: the attempt's account once read — its customer's audit log records the attempt too (ADR 114).
      const attempt = (outcome: AuditEntry['outcome'], account?: Account | null) =>
        audit.record(
          {
            at: now().toISOString(),
            username: input.username,
            ip: meta.ip,
            portal: meta.portal,
            outcome,
            method: code ? 'totp' : 'password',
          },
          account,
        );
      const refuse = async (
        outcome: AuditEntry['outcome'],
        errorCode: ErrorCode,
        message: string,
        details: AppError['details'] = {},
        account?: Account | null,
      ): Promise<never> => {
        await attempt(outcome, account);
        throw new AppError('auth', errorCode, message, details);
      };
      // The lock's end goes out as Retry-After so the page can say when to try again; unknown names
      // lock the same way, so it reveals nothing about the account. `startedBy`: the account whose failure locks it now.
      const lockedOut = (until: Date, startedBy?: Account | null) =>
        refuse(
          'locked',
          LOGIN.FORM.ERROR.ACCOUNT_LOCKED,
          'account locked',
          { retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now().getTime()) / 1000)) },
          startedBy,
        );

      try {
        await rateLimiter.hit({ ...SIGNIN_PER_IP, limit: deps.signInsPerIpPerMinute }, meta.ip ?? 'unknown');
      } catch (error) {
        await attempt('rate_limited');
        throw error;
      }
      // One unit of the name's budget is taken before anything is verified, so parallel guesses cannot
      // all be checked (ADR 010). It counts as a failure unless released or cleared below.
      const reservation = await guard.reserve(input.username);
      if (!reservation.ok) return lockedOut(reservation.lockedUntil);
      const account = await getAccount(db, input.username);
      const failed = (outcome: AuditEntry['outcome'], errorCode: ErrorCode, message: string, account: Account | null) =>
        reservation.lockedUntil ? lockedOut(reservation.lockedUntil, account) : refuse(outcome, errorCode, message, {}, account);
      /** A right password whose sign-in stops here for another reason: not a failure. */
      const stop = async (outcome: AuditEntry['outcome'], errorCode: ErrorCode, message: string) => {
        await guard.release(reservation);
        return refuse(outcome, errorCode, message, {}, account);
      };

      const passwordOk = await verifyPassword(input.password, account?.passwordHash ?? (await timingDecoy()));
      if (!account || !passwordOk) {
        return failed('wrong_password', LOGIN.FORM.ERROR.WRONG_PASSWORD, 'Invalid username or password', account ?? null);
      }
      // Checked only after the password, so these answers never reveal anything to a guesser.
      if (account.status === 'locked') {
        return stop('account_locked', LOGIN.FORM.ERROR.ACCOUNT_LOCKED, 'account locked');
      }
      if (!account.portals.includes(meta.portal)) {
        return stop('wrong_url', LOGIN.FORM.ERROR.WRONG_URL, 'wrong url');
      }
      if (!isAddressAllowed(meta.ip, account.ipAllowlist ?? [])) {
        return stop('invalid_ip', LOGIN.FORM.ERROR.INVALID_IP, 'invalid ip');
      }
      const step = mfa.requiredStep(account);
      if (step === MfaState.firstStepPassed) {
        if (!code) {
          await guard.release(reservation);
          await attempt('mfa_required');
          return {
            result: loginResult(account, { success: false, mfa: step, mfaMethod: account.mfaMethod === 'app' ? 'app' : 'email' }),
            mfaAttempt: await mfa.begin(account, meta.portal),
          };
        }
        const verified = await mfa.verify(account, mfaAttemptToken, code).catch(async (error: unknown) => {
          await guard.release(reservation); // the attempt expired: no code was checked
          throw error;
        });
        if (!verified) {
          return failed('wrong_code', LOGIN.FORM.ERROR.WRONG_CODE, 'The secret code is not valid', account);
        }
      }
      await guard.clear(account.username);
      await attempt(step === MfaState.mustBeSetUp ? 'mfa_setup_required' : 'success', account);
      const issued = await issueSession(account, meta);
      if (step === MfaState.mustBeSetUp) issued.result.response.mfa = step;
      return issued;
    },

    issueSession,

    /** GET auth/status for the caller's account (read fresh on every request by the session middleware). */
    async status(account: AccountMfa | null, session: SessionRecord | null): Promise<SessionStatus> {
      const brandingUrl = account && session && deps.brandingUrlOf ? await deps.brandingUrlOf(account.customerId) : '';
      return sessionStatus(account, session, now(), mfa, brandingUrl);
    },

    isPasswordExpired: (account: Account) => isPasswordExpired(account, now()),

    /** The step a session must take before anything but My Account (ADR 017), if any. */
    pendingStep: (account: Account, session: SessionRecord) =>
      pendingAccountStep({
        passwordExpired: isPasswordExpired(account, now()),
        mfaSetupRequired: isMfaSetUpPending(account, session),
      }),

    async logout(token: string | undefined): Promise<void> {
      if (token) await sessions.revoke(token);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
