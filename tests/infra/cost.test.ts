import { beforeAll, describe, expect, it } from 'vitest';
import { fixedCosts, PROFILES, stageCost, type Templates } from '../../scripts/ops/cost-model.ts';
import { synth } from './synth.ts';

/**
 * The cost model (docs/operations/cost.md) over a synthesized stage with the SFTP endpoint on (a non-prod
 * stage's default is off, ADR 039), on the demo profile.
 */
let templates: Templates;
beforeAll(async () => {
  templates = Object.fromEntries(
    Object.entries(await synth('test', { env: { SFTP_SERVER: 'on' } })).map(([name, t]) => [name, t.toJSON() as Templates[string]]),
  );
});

describe('npm run cost', () => {
  it('prices the fixed part from what the templates hold: the Transfer endpoint, keys, alarms, secrets, the sweeps', () => {
    const fixed = Object.fromEntries(fixedCosts(templates).map((l) => [l.item, l]));
    expect(fixed['Transfer Family SFTP endpoint']?.monthlyUsd).toBeCloseTo(219);
    expect(fixed['CloudWatch alarms']?.monthlyUsd).toBeGreaterThan(0);
    expect(fixed['Secrets Manager secrets']?.monthlyUsd).toBeGreaterThan(0);
    expect(fixed['Fixed-rate schedules (sweeps)']?.detail).toMatch(/fires/);
    // The import and report delivery queues' event sources poll while idle (ADR 110).
    expect(fixed['SQS event sources (idle polling)']?.monthlyUsd).toBeGreaterThan(0.5);
  });

  it('prices the demo profile: fixed plus usage, and a cost per 1 M requests', () => {
    const demo = PROFILES.find((p) => p.name === 'demo');
    if (!demo) throw new Error('no demo profile');
    const cost = stageCost('test', templates, demo);
    expect(cost.totalUsd).toBeCloseTo(cost.fixedUsd + cost.usageUsd);
    expect(cost.fixedUsd).toBeGreaterThan(219); // the SFTP endpoint is most of a small stage's month
    expect(cost.usageUsd).toBeGreaterThan(0);
    expect(cost.perMillionRequestsUsd).toBeGreaterThan(1.2); // at least the HTTP API's own price
    expect(cost.perMillionRequestsUsd).toBeLessThan(10);
  });
});
