import { IDEMPOTENCY_HEADER, IdempotencyKey } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import { type Hook, zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { withRouteInput } from './validate.ts';

/** Hono hands a route its headers under lower-case names. */
const HEADER_NAME = IDEMPOTENCY_HEADER.toLowerCase();

/**
 * The Idempotency-Key header a retried write carries (ADR 016, 033), as `idempotent` checks it.
 * The computed key keeps the web's `hc` input what it sends (`{ [IDEMPOTENCY_HEADER.toLowerCase()]: key }`).
 */
const IdempotencyHeaders = z.object({ [HEADER_NAME]: IdempotencyKey });

/** The key of headers IdempotencyHeaders has checked, so it is there. */
function idempotencyKeyOf(headers: Readonly<Record<string, string | undefined>>): string {
  const key = headers[HEADER_NAME];
  if (key === undefined) throw new Error(`${IDEMPOTENCY_HEADER} was not validated before its route read it`);
  return key;
}

/**
 * The idempotent write's middleware (ADR 016, 033): checks the Idempotency-Key header as
 * `validate('header', IdempotencyHeaders)` would (400 with field issues when it is missing or bad; the same `hc`
 * input for the web, the same recorded input for the route fuzzer) and keeps the key for `idempotencyKey(c)`.
 */
type Checked = typeof IdempotencyHeaders;
const keepKey: Hook<z.infer<Checked>, AppEnv, string, 'header'> = (result, c) => {
  if (!result.success) throw result.error;
  c.set('idempotencyKey', idempotencyKeyOf(result.data));
};
export const idempotent = withRouteInput(
  zValidator<Checked, 'header', AppEnv, string, typeof keepKey>('header', IdempotencyHeaders, keepKey),
  {
    target: 'header',
    schema: IdempotencyHeaders,
  },
);

/** The key `idempotent` checked for this request; a route without it fails loudly instead of using an unchecked key. */
export function idempotencyKey(c: Context<AppEnv>): string {
  const key = c.get('idempotencyKey');
  if (key === undefined) throw new Error(`${IDEMPOTENCY_HEADER} was not checked by \`idempotent\` before its route read it`);
  return key;
}
