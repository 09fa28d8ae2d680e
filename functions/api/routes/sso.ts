import { SsoCompleteInput, SsoStartQuery } from '@portal/core/auth';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';
import { requestMeta, setSessionCookie } from '../middleware/session-cookie.ts';
import { validate } from '../middleware/validate.ts';

/**
 * Single sign-on (SPEC 7 auth/sso, ADR 009), mounted at /auth/sso.
 * GET  ?provider=Microsoft&app=<portal>&callback=<path>  -> { url } of the provider's sign-in page
 * POST { app, code, state, iss? } from the callback page  -> LoginResult + session cookie, like signin
 */
const open = routePolicy('ordering', 'connect')({ auth: 'anonymous', scope: 'none' });

export const ssoRoutes = new Hono<AppEnv>()
  .use(portals('ordering', 'connect'))
  .get('/', open, validate('query', SsoStartQuery), async (c) =>
    c.json(await c.get('backend').sso.start(c.req.valid('query'), requestMeta(c))),
  )
  .post('/', open, validate('json', SsoCompleteInput), async (c) => {
    const backend = c.get('backend');
    // As at /signin: the session the browser presented is never the one that becomes signed in.
    await backend.auth.logout(c.get('sessionToken'));
    const { result, session } = await backend.sso.complete(c.req.valid('json'), requestMeta(c));
    setSessionCookie(c, session);
    return c.json(result);
  });
