import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestBackend } from '../../tests/support/test-backend.ts';
import type { CapacityRecord } from '@portal/backend/platform/db';
import { measureOptions, PROFILES, readProfile, report, steppedClock } from './load-model.ts';
import { breaches, type Scenario, shapeOf } from './load-model/model.ts';
import { measureScenarios } from './load-model/scenarios.ts';

const small = readProfile(join(PROFILES, 'small.json'));
const record = (pk: string, units: Partial<CapacityRecord>): CapacityRecord => ({
  op: 'Query',
  on: 'table',
  pk,
  rcu: 0,
  wcu: 0,
  itemBytes: 100,
  callItems: 1,
  callBytes: 100,
  ...units,
});
const scenario = (samples: Scenario['samples'], perSecond = 10): Scenario => ({
  name: 'synthetic',
  samples,
  ids: { C1: '<customer>' },
  hot: () => ({ perSecond, size: 1_000_000 }),
  fleet: () => ({ perSecond, size: 1_000_000 }),
});

describe('the load model (pure)', () => {
  it('names key shapes by the ids it was told and <id> for the rest', () => {
    expect(shapeOf('TXSUM#C1#T#TERM-7', { C1: '<customer>' })).toBe('TXSUM#<customer>#T#<id>');
    expect(shapeOf('RETAILERS', {})).toBe('RETAILERS');
  });

  it("extrapolates a read that grows with size, takes writes at their largest, and finds each limit's breach", () => {
    const found = breaches(
      [
        scenario([
          { size: 1000, records: [record('TXN#C1', { rcu: 100 }), record('TXN#C1', { op: 'Put', wcu: 5 }), record('ONE#1', { rcu: 1 })] },
          { size: 3000, records: [record('TXN#C1', { rcu: 300 }), record('TXN#C1', { op: 'Put', wcu: 6 }), record('ONE#2', { rcu: 1 })] },
        ]),
        scenario([{ size: 1, records: [record('BIG', { op: 'TransactWrite', wcu: 1, callItems: 151, itemBytes: 500_000 })] }], 0.01),
      ],
      small,
    );
    const hot = found.rows.find((r) => r.shape === 'TXN#<customer>')!;
    // 0.1 RCU per row of the day: 100,000 at a million rows, 10 ops/s; the write stays at 6 per op.
    expect([hot.rcuPerOp, hot.wcuPerOp, hot.rcuPerSecond, hot.growth > 0]).toEqual([100_000, 6, 1_000_000, true]);
    // Keys seen in one sample only (an id's own item) carry no rate.
    expect(found.rows.some((r) => r.shape.startsWith('ONE'))).toBe(false);
    expect(found.breaches.map((b) => b.what)).toEqual(
      expect.arrayContaining([
        'table TXN#<customer>: RCU/s',
        'synthetic: item on table BIG',
        'synthetic: transaction items',
        'table: RCU/s (the prod table, warm throughput)',
      ]),
    );
  });
});

describe('the load model over real code paths', () => {
  it('measures the import, the list page and the master data per key; the small profile passes, the mid-size one has no hot key', async () => {
    const clock = steppedClock();
    const backend = await createTestBackend(clock.now);
    const scenarios = await measureScenarios(backend, measureOptions(small, clock.settle, { slices: 1, stores: 40, products: 40 }));
    const ok = report(scenarios, small);
    expect(ok.breached, ok.text).toBe(false);
    // Rows are on day keys (ADR 074): the page reads its day's key.
    expect(ok.text).toContain('| transactions list page (first page, no filter) | table TXN#<customer>#<day> |');
    // Neither the list page (ADR 032) nor an import slice (ADR 067) costs more on a fuller day or a longer history.
    const rows = breaches(scenarios, small).rows;
    expect(rows.find((r) => r.scenario.startsWith('transactions list') && r.shape === 'TXN#<customer>#<day>')!.growth).toBe(0);
    expect(rows.filter((r) => r.scenario.startsWith('transactions import')).map((r) => [r.shape, r.growth > 0])).toEqual(
      rows.filter((r) => r.scenario.startsWith('transactions import')).map((r) => [r.shape, false]),
    );
    // The model's samples here are smaller than the CLI's, so the mid-size profile is only checked for hot keys:
    // none passes its limit (the CLI run, docs/benchmarks.md, prints "No breach" at all).
    const midSize = breaches(scenarios, readProfile(join(PROFILES, 'default.json')));
    expect(midSize.breaches.map((b) => b.what).filter((what) => !what.startsWith('table:'))).toEqual([]);
  }, 180_000);
});
