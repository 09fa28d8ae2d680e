import { LoginResult } from '@portal/core/auth';
import { XSSI_PREFIX } from '@portal/core/shared';
import { expect } from 'vitest';

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

/**
 * A sign-in answer that opened a session, by password or single sign-on alike (ADR 055): 200, the
 * LoginResult of `username` with its `securityFlag` and no expired password, and the session cookie of
 * ADR 008. Answers the cookie pair for the next request.
 */
export async function expectSignedIn(res: Response, account: { username: string; securityFlag: number }): Promise<string> {
  expect(res.status).toBe(200);
  expect(LoginResult.parse(await readJson(res))).toEqual({ response: { success: true }, ...account, passwordExpired: false });
  expectSessionCookieAttributes(res);
  return sessionCookie(res);
}

/**
 * A suite's fresh Idempotency-Keys (ADR 016): `<prefix>-000001`, `<prefix>-000002`, … each a new submission.
 * The number is padded to `digits` so a key has the 16 characters core's IdempotencyKey asks for.
 */
export function idempotencyKeys(prefix: string, digits = 6): () => string {
  let issued = 0;
  return () => `${prefix}-${String(++issued).padStart(digits, '0')}`;
}

export type Portal = 'ordering' | 'connect';
type RequestTarget = { request(path: string, init?: RequestInit): Response | Promise<Response> };
let testIpCounter = 0;

/**
 * One JSON call to `/api` as a portal's browser makes it (ordering unless `portal` says otherwise), from a
 * fresh client address, so the per-address limits stay out of the tests that use it. Answers the body read
 * loosely (`{}` when not JSON) and its `text`, for comparing two answers to the letter.
 */
export async function callApi(
  target: RequestTarget,
  method: string,
  path: string,
  {
    cookie,
    body,
    portal = 'ordering',
    headers = {},
  }: { cookie?: string; body?: unknown; portal?: Portal; headers?: Record<string, string> } = {},
) {
  const res = await target.request(`/api${path}`, {
    method,
    headers: {
      'X-Portal': portal,
      'Content-Type': 'application/json',
      'X-Test-Ip': String(++testIpCounter),
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.clone().text();
  const isJson = res.headers.get('content-type')?.includes('json');
  return { res, status: res.status, body: isJson ? await readJson<Record<string, unknown>>(res) : {}, text };
}

/**
 * `callApi` keeping the cookies in the jar (`null`: a call without a session), on `portal` and with extra
 * headers (an Idempotency-Key).
 */
export function jarCaller(app: () => RequestTarget) {
  return async (
    jar: { header(): string; remember(res: Response): void } | null,
    method: string,
    path: string,
    body?: unknown,
    portal: Portal = 'ordering',
    headers: Record<string, string> = {},
  ) => {
    const answer = await callApi(app(), method, path, { cookie: jar?.header(), body, portal, headers });
    jar?.remember(answer.res);
    return answer;
  };
}

/** Signs one user in on `portal` and answers the session cookie; a sign-in that is not 200 fails the test's set-up. */
export async function signInCookie(target: RequestTarget, username: string, password: string, portal: 'ordering' | 'connect') {
  const res = await target.request('/api/auth/signin', {
    method: 'POST',
    headers: { 'X-Portal': portal, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} answered ${res.status}`);
  return sessionCookie(res);
}

/**
 * Signs each user in on `portal` with the password they share and answers their session cookies by
 * username; a sign-in that is not 200 fails the test's set-up.
 */
export async function signInAll(
  target: RequestTarget,
  usernames: readonly string[],
  password: string,
  portal: 'ordering' | 'connect' = 'connect',
) {
  const cookies: Record<string, string> = {};
  for (const username of usernames) cookies[username] = await signInCookie(target, username, password, portal);
  return cookies;
}

/** One call of a suite's signed-in user (`null`: without a session) to `/api` on the connect portal. */
function connectRequest(
  app: RequestTarget,
  cookie: string | undefined,
  { method, path, body, headers }: { method: string; path: string; body: unknown; headers: Record<string, string> },
) {
  return app.request(`/api${path}`, {
    method,
    headers: { 'X-Portal': 'connect', 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The JSON body of an answer read loosely (`{}` when not JSON): each test asserts the shape it needs. */
async function looseBody(res: Response) {
  const json = res.headers.get('content-type')?.includes('json') ? await readJson(res) : {};
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return json as Record<string, any>;
}

/**
 * A suite's caller of `/api` on the connect portal as one of its signed-in users (`cookies()` by
 * username, e.g. from signInAll; `null` calls without a session), with extra headers (Idempotency-Key).
 * Answers the status and the JSON body read loosely (each test asserts the shape it needs), so two answers
 * compare whole (a foreign object's answer equals a nonexistent one's).
 */
export function connectCaller(app: () => RequestTarget, cookies: () => Record<string, string>) {
  return async (user: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await connectRequest(app(), user ? cookies()[user] : undefined, { method, path, body, headers });
    return { status: res.status, body: await looseBody(res) };
  };
}

/**
 * connectCaller answering also the body as text (to compare two answers to the letter, or to name a failure)
 * and the headers (a download's type and disposition, a redirect's location).
 */
export function connectResponseCaller(app: () => RequestTarget, cookies: () => Record<string, string>) {
  return async (user: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await connectRequest(app(), user ? cookies()[user] : undefined, { method, path, body, headers });
    const text = await res.clone().text();
    return { status: res.status, body: await looseBody(res), text, headers: res.headers };
  };
}
