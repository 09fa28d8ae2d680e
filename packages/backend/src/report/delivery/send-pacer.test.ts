import { describe, expect, it } from 'vitest';
import { reportMailsPerSecond, sendPacer } from './send-pacer.ts';

/** The pacer (ADR 094) on a clock that moves only when it sleeps. */
describe('sendPacer', () => {
  it('spaces sends evenly at its rate, concurrent callers in call order, and never waits when behind', async () => {
    let t = 0;
    const waits: number[] = [];
    const pace = sendPacer({
      perSecond: 4,
      nowMs: () => t,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const at: number[] = [];
    await Promise.all(Array.from({ length: 5 }, () => pace().then(() => at.push(t))));
    expect(waits).toEqual([250, 500, 750, 1000]); // the first goes at once; 4 a second after it
    t = 10_000; // long after: no wait, the spacing starts again from now
    waits.length = 0;
    await pace();
    expect(waits).toEqual([]);
  });

  it('gives each sender its share of 90 % of the account rate', () => {
    expect(reportMailsPerSecond(14, 2)).toBeCloseTo(6.3);
    expect(reportMailsPerSecond(14, 0)).toBeCloseTo(12.6);
  });
});
