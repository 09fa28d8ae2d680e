/**
 * A random Idempotency-Key for a write the client may retry (order submit, coupon actions): it matches
 * core's `IdempotencyKey` (/^[A-Za-z0-9_-]{16,64}$/). A UUID (36 characters) where the browser offers
 * `crypto.randomUUID` (secure contexts only), else 32 random hex digits.
 */
export function generateIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
