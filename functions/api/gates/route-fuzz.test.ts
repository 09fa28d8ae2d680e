import { beforeAll, describe, expect, it } from 'vitest';
import { loadRouteInputs } from '../route-table.ts';
import { createGateWorld, type Gates } from './route-fixtures.ts';
import { fuzzRoutes } from './route-fuzz.ts';

/**
 * Every route fuzzed from its own zod schemas with a fixed seed (ADR 024): 0 answers of
 * 5xx, every 4xx with {code, message}, and nothing written by a refused request; and every array, record
 * and string input made huge (10,000 elements, 100,000 characters) refused (ADR 052). The long run is
 * scripts/bench/fuzz-routes.ts (figures in docs/benchmarks.md). S3: the backend has no S3 code yet, so
 * there is no object count to hold; DynamoDB is the only store a request can write.
 */
export const FUZZ_SEED = 20261124;
process.env.LOG_LEVEL = 'silent';
let world: Gates;
beforeAll(async () => {
  world = await createGateWorld();
  await loadRouteInputs(world.routes);
}, 120_000);

describe('fuzzing every route', () => {
  it('answers no 5xx, only {code, message} 4xx, and writes nothing it refuses', async () => {
    const report = await fuzzRoutes(world, { seed: FUZZ_SEED, perRoute: 60 });
    expect(report.requests).toBeGreaterThanOrEqual(2500);
    // One oversize request per array, record and string input of every route (ADR 052), each refused.
    expect(report.oversize).toBeGreaterThanOrEqual(150);
    console.info(
      JSON.stringify({
        requests: report.requests,
        oversize: report.oversize,
        byStatus: report.byStatus,
        accepted: report.accepted,
        findings: report.findings.length,
      }),
    );
    expect(report.findings.slice(0, 5)).toEqual([]);
    // Connect routes reach their services since the session is kept alive (ADR 052): ~55–100 s on two shared cores.
  }, 240_000);
});
