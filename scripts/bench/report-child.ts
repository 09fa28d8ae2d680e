/**
 * One invocation of the report runner function for scripts/bench/report.ts: bundled like the Lambda
 * (scripts/checks/api-bundle.ts's SST-like esbuild options) and run with plain node, so its memory is the
 * function's. What functions/jobs/report-runner.ts does for a 'report-job' or 'report-part' payload, with
 * the bench's part size (BENCH_PART_ROWS) and no delivery; the function's own name is
 * BENCH_FUNCTION_NAME, so the parts of a fanned-out run go out as async Lambda invokes to the bench's
 * stand-in (AWS_ENDPOINT_URL_LAMBDA), which starts each in a process of its own.
 * argv: the payload as JSON. Prints `RESULT {json}`: seconds, RSS before the run and at its peak.
 */
import { loadConfig } from '@portal/backend/config';
import { jobDepsFromConfig } from '@portal/backend/platform/jobs';
import { type ReportLaunch, reportJobsFromConfig } from '@portal/backend/report';

let peak = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 50);
const payload = JSON.parse(process.argv[2]!) as ReportLaunch;
const config = loadConfig();
const reports = reportJobsFromConfig(config, {
  ...jobDepsFromConfig(config),
  selfFunctionName: process.env.BENCH_FUNCTION_NAME!,
  runner: { partRows: Number(process.env.BENCH_PART_ROWS), deliver: async () => {} },
});
const baseline = process.memoryUsage.rss();
const started = performance.now();
await reports.run(payload);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const peakRss = Math.max(peak, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
console.log(`RESULT ${JSON.stringify({ seconds, baselineRss: baseline, peakRss })}`);
process.exit(0);
