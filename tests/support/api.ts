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
