import { sessionCookieName } from '@portal/backend';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env.ts';

/** The session cookie of the request's portal (ADR 008): HttpOnly, Secure, SameSite=Lax. */
const cookieOptions = { httpOnly: true, secure: true, sameSite: 'Lax', path: '/' } as const;

export function setSessionCookie(c: Context<AppEnv>, session: { token: string; maxAgeSeconds: number }) {
  setCookie(c, sessionCookieName(c.get('portal')), session.token, {
    ...cookieOptions,
    maxAge: session.maxAgeSeconds,
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, sessionCookieName(c.get('portal')), cookieOptions);
}

/** What every sign-in route needs to know about the request. */
export const requestMeta = (c: Context<AppEnv>) => ({
  portal: c.get('portal'),
  ip: c.get('clientIp'),
  userAgent: c.req.header('User-Agent'),
});
