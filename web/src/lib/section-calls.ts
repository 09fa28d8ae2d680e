import { IDEMPOTENCY_HEADER, type Portal } from '@portal/core/shared';
import type * as z from '@portal/core/zod';
import { fetchFor, readJson } from './api-client.ts';

/**
 * The calls of a section whose screens show failures in place (codes translated, field issues at their
 * fields), so no snack; a 401/403 still opens the auth dialog. `read` GETs and checks the answer;
 * `write` sends a JSON body with an optional Idempotency-Key and then calls `afterWrite` (the section's
 * cache refresh) whatever the outcome, since a failed write may have changed something all the same;
 * `send` is the plain call (e.g. a GET with its own headers).
 */
export function sectionCalls(portal: Portal, afterWrite: () => unknown) {
  const quiet = { portal, notify: false } as const;
  const send = (url: string, init?: RequestInit) => fetchFor(quiet)(url, init);
  const read = async <S extends z.ZodMiniType>(url: string, schema: S): Promise<z.infer<S>> => readJson(await send(url), schema, quiet);
  async function write<S extends z.ZodMiniType>(url: string, method: string, body: unknown, schema: S, idempotencyKey?: string): Promise<z.infer<S>> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
    try {
      const response = await send(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return await readJson(response, schema, quiet);
    } finally {
      void afterWrite();
    }
  }
  return { read, write, send };
}
