import { actorFor, AppError, requireStrongAuthentication, sessionCookieName } from '@portal/backend';
import { Messages } from '@portal/core/shared';
import { AUTH } from '@portal/core/auth';
import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, ClientIpResolver } from '../env.ts';

/**
 * Resolves the caller: the client address and, when the cookie names a live session of this portal,
 * that session and its account, read together in one DynamoDB call (ADR 028). Both are read on every
 * request, so a sign-out, a permission change or a disabled account takes effect at once; a session of
 * a locked account counts as none.
 */
export const loadSession = (clientIp: ClientIpResolver) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('clientIp', clientIp(c));
    const portal = c.get('portal');
    const token = getCookie(c, sessionCookieName(portal));
    const backend = c.get('backend');
    const signedIn = token ? await backend.sessions.validate(token, portal, backend.now()) : null;
    c.set('sessionToken', token);
    c.set('session', signedIn?.session ?? null);
    c.set('account', signedIn?.account ?? null);
    await next();
  });

/**
 * Guards a route: 401 unless signed in. While a step of the account is pending, only the routes that
 * take it or show the account are open (`allowPendingStep`: status, My Account, password change, MFA
 * set-up; sign-out needs no account); every other route answers 403 with the step's code — an expired
 * password first (SPEC 2: 'an expired password signs in only to My Account', ADR 011), then MFA that is
 * required but not set up (ADR 017). One rule, so no route can forget it.
 */
export const requireAccount = (options: { allowPendingStep?: boolean } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    assertAccount(c, options.allowPendingStep ?? false);
    await next();
  });

/** requireAccount's rule, also applied by each route's policy (middleware/policy.ts). */
export function assertAccount(c: Context<AppEnv>, allowPendingStep: boolean): void {
  const account = c.get('account');
  const session = c.get('session');
  if (!account || !session) throw new AppError('auth', AUTH.REQUIRED, Messages.loginRequired);
  const step = allowPendingStep ? null : c.get('backend').auth.pendingStep(account, session);
  if (step === 'passwordExpired') {
    throw new AppError('forbidden', AUTH.PASSWORD_EXPIRED, Messages.passwordExpired);
  }
  if (step === 'mfaSetUp') {
    throw new AppError('forbidden', AUTH.MFA_SETUP_REQUIRED, MFA_SETUP_REQUIRED_MESSAGE);
  }
}

/**
 * The brand of the request's host requires its current terms of use to be accepted (ADR 086): until they are,
 * 403 TERMS.ACCEPTANCE_REQUIRED. On the server, so no client can skip the terms screen.
 */
export async function assertTermsAccepted(c: Context<AppEnv>): Promise<void> {
  const backend = c.get('backend');
  const host = c.req.header('Host');
  if (await backend.brands.requiresTerms(host)) await backend.terms.assertAccepted(host, signedInOf(c).account.username);
}

/** The route's auth level `strong` (ADR 006): the same rule and answer as the services' own check. */
export function assertStrongAuthentication(c: Context<AppEnv>): void {
  requireStrongAuthentication(actorOf(c));
}

const MFA_SETUP_REQUIRED_MESSAGE =
  'Your account needs a second factor before you can use the portal. Please set up multi-factor authentication.';

/** The signed-in account and session; only call behind requireAccount. */
export function signedInOf(c: { get<K extends 'account' | 'session'>(key: K): AppEnv['Variables'][K] }) {
  const account = c.get('account');
  const session = c.get('session');
  if (!account || !session) throw new AppError('auth', AUTH.REQUIRED, Messages.loginRequired);
  return { account, session };
}

/** The caller as every domain service takes it (access/actor.ts: permissions decoded from this request's account). */
export function actorOf(c: { get<K extends 'account' | 'session' | 'clientIp'>(key: K): AppEnv['Variables'][K] }) {
  const { account, session } = signedInOf(c);
  const ip = c.get('clientIp');
  return ip === undefined ? actorFor(account, session) : { ...actorFor(account, session), ip };
}
