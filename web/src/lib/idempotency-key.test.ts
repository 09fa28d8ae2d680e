import { IdempotencyKey } from '@portal/core/shared';
import { describe, expect, it } from 'vitest';
import { generateIdempotencyKey } from './idempotency-key.ts';

describe('generateIdempotencyKey', () => {
  it('generates distinct keys the API accepts', () => {
    const keys = Array.from({ length: 20 }, generateIdempotencyKey);
    for (const key of keys) expect(IdempotencyKey.safeParse(key).success).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
