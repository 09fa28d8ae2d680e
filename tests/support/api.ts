import { XSSI_PREFIX } from '@portal/core/shared';

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

/** The session cookie of a sign-in answer carries the attributes of ADR 008 and the `__Host-` name of ADR 022. */
export function expectSessionCookieAttributes(res: Response, portal: 'ordering' | 'connect' = 'ordering'): void {
  const header = res.headers.get('set-cookie') ?? '';
  const problems = [
    new RegExp(`^__Host-portal_session_${portal}=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43};`).test(header) ? null : '__Host- name=token',
    /HttpOnly/.test(header) ? null : 'HttpOnly',
    /Secure/.test(header) ? null : 'Secure',
    /SameSite=Lax/.test(header) ? null : 'SameSite=Lax',
    /; Path=\/(;|$)/.test(header) ? null : 'Path=/',
    /Domain=/i.test(header) ? 'no Domain' : null,
  ].filter(Boolean);
  if (problems.length) throw new Error(`session cookie lacks ${problems.join(', ')}: ${header}`);
}

type RequestTarget = { request(path: string, init?: RequestInit): Response | Promise<Response> };
let testIpCounter = 0;

/**
 * JSON calls to `/api` as the ordering portal's browser makes them, keeping the cookies in the jar. Each
 * call comes from a fresh client address, so the per-address limits stay out of the tests that use it.
 */
export function jarCaller(app: () => RequestTarget) {
  return async (jar: { header(): string; remember(res: Response): void }, method: string, path: string, body?: unknown) => {
    const res = await app().request(`/api${path}`, {
      method,
      headers: {
        'X-Portal': 'ordering',
        'Content-Type': 'application/json',
        'X-Test-Ip': String(++testIpCounter),
        Cookie: jar.header(),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    jar.remember(res);
    const isJson = res.headers.get('content-type')?.includes('json');
    return { res, status: res.status, body: isJson ? await readJson<Record<string, unknown>>(res) : {} };
  };
}
