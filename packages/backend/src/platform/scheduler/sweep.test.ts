import { describe, expect, it } from 'vitest';
import { runSweep, SweepStepsFailed } from './sweep.ts';

/** The one sweep (ADR 108): steps run in parallel and independently; a failure is reported after all ran. */
describe('runSweep', () => {
  it('answers every step by name, the steps started together', async () => {
    const started: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = { name: 'slow', run: async () => (started.push('slow'), await gate, 1) };
    const fast = { name: 'fast', run: async () => (started.push('fast'), release(), 2) };
    expect(await runSweep([slow, fast])).toEqual({ slow: 1, fast: 2 });
    expect(started).toEqual(['slow', 'fast']);
  });

  it('runs the other steps when one fails, then throws naming it', async () => {
    const ran: string[] = [];
    const steps = [
      { name: 'broken', run: async () => Promise.reject(new Error('table unreachable')) },
      { name: 'fine', run: async () => ran.push('fine') },
    ];
    const error = await runSweep(steps).catch((e: unknown) => e);
    expect(ran).toEqual(['fine']);
    expect(error).toBeInstanceOf(SweepStepsFailed);
    expect((error as Error).message).toBe('Sweep steps failed: broken (table unreachable)');
  });
});
