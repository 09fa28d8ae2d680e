import { sessionCookieName } from '@portal/backend';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env.ts';

/**
 * The session cookie of the request's portal (ADR 008): HttpOnly, Secure, SameSite=Lax, and `__Host-`
 * named (ADR 022), so Path=/ and no Domain — hono's setCookie refuses other attributes for that prefix.
 */
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

/** The pending second step of a sign-in (ADR 012) has its own short-lived cookie per portal. */
const mfaCookieName = (c: Context<AppEnv>) => `__Host-portal_mfa_${c.get('portal')}`;

export const mfaAttemptToken = (c: Context<AppEnv>) => getCookie(c, mfaCookieName(c));

export function setMfaAttemptCookie(c: Context<AppEnv>, attempt: { token: string; maxAgeSeconds: number }) {
  setCookie(c, mfaCookieName(c), attempt.token, { ...cookieOptions, maxAge: attempt.maxAgeSeconds });
}

export function clearMfaAttemptCookie(c: Context<AppEnv>) {
  deleteCookie(c, mfaCookieName(c), cookieOptions);
}

/** A sign-in completed (ADR 008, 012): the new session's cookie set, the pending second step's cleared. */
export function setSignedInCookies(c: Context<AppEnv>, session: { token: string; maxAgeSeconds: number }) {
  setSessionCookie(c, session);
  clearMfaAttemptCookie(c);
}

/** What every sign-in route needs to know about the request. */
export const requestMeta = (c: Context<AppEnv>) => ({
  portal: c.get('portal'),
  ip: c.get('clientIp'),
  userAgent: c.req.header('User-Agent'),
});
