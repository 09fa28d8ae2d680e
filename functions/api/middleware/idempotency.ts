import { IDEMPOTENCY_HEADER, IdempotencyKey } from '@portal/core/shared';
import * as z from '@portal/core/zod';

/** Hono hands a route its headers under lower-case names. */
const HEADER_NAME = IDEMPOTENCY_HEADER.toLowerCase();

/**
 * The Idempotency-Key header a retried write carries (ADR 016, 033): `validate('header', IdempotencyHeaders)`.
 * The computed key keeps the web's `hc` input what it sends (`{ [IDEMPOTENCY_HEADER.toLowerCase()]: key }`).
 */
export const IdempotencyHeaders = z.object({ [HEADER_NAME]: IdempotencyKey });

/** The key of headers that `validate('header', IdempotencyHeaders)` has checked, so it is there. */
export function idempotencyKeyOf(headers: Readonly<Record<string, string | undefined>>): string {
  const key = headers[HEADER_NAME];
  if (key === undefined) throw new Error(`${IDEMPOTENCY_HEADER} was not validated before its route read it`);
  return key;
}
