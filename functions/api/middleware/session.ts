import { AppError, getAccount, orderingActor, sessionCookieName } from '@portal/backend';
import { Messages } from '@portal/core';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, ClientIpResolver } from '../env.ts';

/**
 * Resolves the caller: the client address and, when the cookie names a live session of this portal,
 * that session and its account. The account is read on every request, so a permission change or a
 * disabled account takes effect at once; a session of a locked account counts as none.
 */
export const loadSession = (clientIp: ClientIpResolver) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('clientIp', clientIp(c));
    const portal = c.get('portal');
    const token = getCookie(c, sessionCookieName(portal));
    const backend = c.get('backend');
    const session = token ? await backend.sessions.validate(token, portal, backend.now()) : null;
    const account = session ? await getAccount(backend.db, session.username) : null;
    const usable = account !== null && account.status !== 'locked';
    c.set('sessionToken', token);
    c.set('session', usable ? session : null);
    c.set('account', usable ? account : null);
    await next();
  });

/**
 * Guards a route: 401 unless signed in. With an expired password only the routes that renew it or show
 * the account are open (SPEC: 'an expired password signs in only to My Account'); others answer 403.
 */
export const requireAccount = (options: { allowExpiredPassword?: boolean } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const account = c.get('account');
    if (!account) throw new AppError('auth', 'AUTH.REQUIRED', Messages.loginRequired);
    if (!options.allowExpiredPassword && c.get('backend').auth.isPasswordExpired(account)) {
      throw new AppError('forbidden', 'AUTH.PASSWORD_EXPIRED', Messages.passwordExpired);
    }
    await next();
  });

/** The signed-in account and session; only call behind requireAccount. */
export function actorOf(c: { get<K extends 'account' | 'session'>(key: K): AppEnv['Variables'][K] }) {
  const account = c.get('account');
  const session = c.get('session');
  if (!account || !session) throw new AppError('auth', 'AUTH.REQUIRED', Messages.loginRequired);
  return { account, session };
}

/** The caller as the ordering and sales services take it (permissions decoded from this request's account). */
export function orderingActorOf(c: { get<K extends 'account' | 'session'>(key: K): AppEnv['Variables'][K] }) {
  const { account, session } = actorOf(c);
  return orderingActor(account, session);
}
