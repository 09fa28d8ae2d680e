import { describe, expect, it } from 'vitest';
import { lazy, lazyService } from './lazy.ts';

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

describe('lazyService', () => {
  it('loads the service on the first call only, forwarding arguments and this', async () => {
    let loads = 0;
    const service = lazyService(async () => {
      loads += 1;
      const base = 10;
      return {
        add: async (a: number, b: number) => base + a + b,
        twice: async function (this: { add(a: number, b: number): Promise<number> }, a: number) {
          return (await this.add(a, 0)) * 2;
        },
      };
    });
    expect(loads).toBe(0);
    // Awaiting or inspecting the stand-in loads nothing (it is not a thenable).
    expect(await service).toBe(service);
    expect(loads).toBe(0);
    expect(await service.add(1, 2)).toBe(13);
    expect(await service.twice(1)).toBe(22);
    expect(loads).toBe(1);
  });

  it('rejects a call of a method the service does not have, and a failed load is tried again', async () => {
    let loads = 0;
    const service = lazyService<{ run(): Promise<string> }>(async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk missing');
      return { run: async () => 'ran' };
    });
    await expect(service.run()).rejects.toThrow('chunk missing');
    expect(await service.run()).toBe('ran');
    await expect((service as unknown as { nope(): Promise<void> }).nope()).rejects.toThrow(TypeError);
  });
});
