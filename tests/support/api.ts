import { XSSI_PREFIX } from '@portal/core';

/** Reads an API body the way the web client does: strip the XSSI prefix, then parse. */
export async function readJson<T = Record<string, unknown>>(res: Response): Promise<T> {
  const text = await res.text();
  if (!text.startsWith(XSSI_PREFIX)) throw new Error(`missing XSSI prefix in: ${text.slice(0, 80)}`);
  return JSON.parse(text.slice(XSSI_PREFIX.length)) as T;
}

/** The session cookie pair ("name=value") from a Set-Cookie header, for the next request. */
export function sessionCookie(res: Response): string {
  const header = res.headers.get('set-cookie') ?? '';
  const pair = header.split(';')[0] ?? '';
  if (!pair.includes('=')) throw new Error(`no cookie in response: ${header}`);
  return pair;
}

/** The session cookie of a sign-in answer carries the attributes of ADR 008. */
export function expectSessionCookieAttributes(res: Response, portal: 'ordering' | 'connect' = 'ordering'): void {
  const header = res.headers.get('set-cookie') ?? '';
  const problems = [
    new RegExp(`^portal_session_${portal}=[A-Za-z0-9_-]{43};`).test(header) ? null : 'name=token',
    /HttpOnly/.test(header) ? null : 'HttpOnly',
    /Secure/.test(header) ? null : 'Secure',
    /SameSite=Lax/.test(header) ? null : 'SameSite=Lax',
  ].filter(Boolean);
  if (problems.length) throw new Error(`session cookie lacks ${problems.join(', ')}: ${header}`);
}
