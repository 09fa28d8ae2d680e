import { describe, expect, it } from 'vitest';
import { lazy } from './lazy.ts';

describe('lazy', () => {
  it('loads once on first use and shares the value', async () => {
    let loads = 0;
    const get = lazy(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let loads = 0;
    const get = lazy(async () => {
      loads += 1;
      if (loads === 1) throw new Error('first load fails');
      return loads;
    });
    await expect(get()).rejects.toThrow('first load fails');
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
  });
});
