/**
 * `npx tsx scripts/bench/fuzz-routes.ts [--per-route 1000] [--seed 20261124]`
 *
 * The long run of the route fuzzer (ADR 024): every route of the API, `--per-route`
 * requests each, built from the route's own zod schemas and mutated, against a fresh table in an
 * in-memory DynamoDB Local (the server suite's stand-ins). Prints the requests, the answers by status,
 * the rate and every finding (a 5xx, a 4xx without {code, message}, a refused request that wrote);
 * exits 1 on any finding. The short fixed-seed run is functions/api/gates/route-fuzz.test.ts.
 */
import { parseArgs } from 'node:util';
import startStandIns from '../../tests/setup/stand-ins.ts';
import { createGateWorld } from '../../functions/api/gates/route-fixtures.ts';
import { loadRouteInputs } from '../../functions/api/route-table.ts';
import { fuzzRoutes } from '../../functions/api/gates/route-fuzz.ts';

const { values } = parseArgs({
  options: { 'per-route': { type: 'string', default: '1000' }, seed: { type: 'string', default: '20261124' } },
});
process.env.LOG_LEVEL = 'silent';
const stop = await startStandIns();
try {
  const world = await createGateWorld();
  await loadRouteInputs(world.routes);
  const started = performance.now();
  const report = await fuzzRoutes(world, { seed: Number(values.seed), perRoute: Number(values['per-route']) });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify(
      {
        routes: world.routes.length,
        seed: Number(values.seed),
        requests: report.requests,
        seconds: Math.round(seconds),
        perSecond: Math.round(report.requests / seconds),
        byStatus: report.byStatus,
        accepted: report.accepted,
        findings: report.findings.length,
      },
      null,
      2,
    ),
  );
  for (const finding of report.findings.slice(0, 20)) console.log(JSON.stringify(finding));
  process.exitCode = report.findings.length ? 1 : 0;
} finally {
  await stop();
}
