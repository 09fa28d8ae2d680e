import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from './ports.ts';

afterEach(() => vi.restoreAllMocks());

describe('freePort', () => {
  it('never hands out a port fetch refuses to connect to (10080 lies in its range)', async () => {
    // Why it matters: Node's fetch will not even try 10080.
    const refused = await fetch('http://127.0.0.1:10080/').catch((e: Error) => e.cause);
    expect(String(refused)).toMatch(/bad port/);
    // The first draw lands on 10080, the next on 10081 (random × 22,700 + 10,000, floored).
    const draws = [80.5 / 22_700, 81.5 / 22_700];
    vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0.5);
    const port = await freePort();
    expect(port).not.toBe(10_080);
    expect(draws).toEqual([]);
  });
});
