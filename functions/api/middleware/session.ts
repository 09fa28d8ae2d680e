import { AppError, sessionCookieName } from '@portal/backend';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, ClientIpResolver } from '../env.ts';

/** Resolves the caller: the client address and, when the cookie names a live session, that session. */
export const loadSession = (clientIp: ClientIpResolver) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('clientIp', clientIp(c));
    const portal = c.get('portal');
    const token = getCookie(c, sessionCookieName(portal));
    const backend = c.get('backend');
    c.set('sessionToken', token);
    c.set('session', token ? await backend.sessions.validate(token, portal, backend.now()) : null);
    await next();
  });

/** Guards a route: 401 unless signed in. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('session')) throw new AppError('auth', 'AUTH.REQUIRED', 'Please login to access this section');
  await next();
});

/** The signed-in username; only call behind requireSession. */
export const actorOf = (c: { get: (key: 'session') => AppEnv['Variables']['session'] }) => {
  const session = c.get('session');
  if (!session) throw new AppError('auth', 'AUTH.REQUIRED', 'Please login to access this section');
  return session.username;
};
