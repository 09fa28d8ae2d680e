import { sessionCookieName } from '@portal/backend';
import { SignInInput } from '@portal/core';
import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env.ts';
import { validate } from '../middleware/validate.ts';

const cookieOptions = { httpOnly: true, secure: true, sameSite: 'Lax', path: '/' } as const;

export const authRoutes = new Hono<AppEnv>()
  .post('/signin', validate('json', SignInInput), async (c) => {
    const backend = c.get('backend');
    // A new session on every sign-in: a token planted before login never becomes authenticated.
    await backend.auth.logout(c.get('sessionToken'));
    const { result, session } = await backend.auth.signIn(c.req.valid('json'), {
      portal: c.get('portal'),
      ip: c.get('clientIp'),
      userAgent: c.req.header('User-Agent'),
    });
    setCookie(c, sessionCookieName(c.get('portal')), session.token, {
      ...cookieOptions,
      maxAge: session.maxAgeSeconds,
    });
    return c.json(result);
  })
  .get('/status', async (c) => c.json(await c.get('backend').auth.status(c.get('session'))))
  .get('/logout', async (c) => {
    await c.get('backend').auth.logout(c.get('sessionToken'));
    deleteCookie(c, sessionCookieName(c.get('portal')), cookieOptions);
    return c.json({ success: true });
  });
