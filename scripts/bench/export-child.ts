/**
 * The exporting process of scripts/bench/export.ts: bundled like the Lambda (scripts/checks/api-bundle.ts's
 * SST-like esbuild options) and run with plain node, so its memory is the export function's, not tsx's.
 * The configuration comes from the environment, as on AWS; argv: jobId, customer, start, end, zone, format,
 * asOf. Prints `RESULT {json}`: the job's outcome, seconds, CPU seconds, RSS before the job and at its peak.
 */
import type { ExportFormat } from '@portal/core/export';
import { handler } from '../../functions/jobs/export.ts';
import { getExportJob, putExportJob, queuedJob } from '@portal/backend/export';
import { createDb } from '@portal/backend/platform/db';

let peak = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 50);
const [jobId, customerId, startDate, endDate, timeZone, format, createdAt] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  ExportFormat,
  string,
];
const db = createDb({ AWS_REGION: 'eu-central-1', DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT, TABLE_NAME: process.env.TABLE_NAME! });
await putExportJob(
  db,
  queuedJob({ jobId, owner: 'bench', kind: 'transactions', format, filter: { customerId, startDate, endDate }, timeZone, createdAt }),
  new Date(),
);
const baseline = process.memoryUsage.rss();
const cpuBefore = process.cpuUsage();
const started = performance.now();
await handler({ jobId });
const seconds = (performance.now() - started) / 1000;
// CPU seconds of this process (all threads) during the job: the export's own cost next to DynamoDB Local's.
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
clearInterval(sampler);
const job = await getExportJob(db, jobId, true);
const peakRss = Math.max(peak, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
console.log(
  `RESULT ${JSON.stringify({ status: job?.status, rows: job?.rowsWritten, files: job?.files.length, bytes: job?.files.reduce((n, f) => n + f.bytes, 0), seconds, cpuSeconds, baselineRss: baseline, peakRss })}`,
);
process.exit(0);
