import { loadConfig } from '@portal/backend/config';
import { ExportJobEvent, exportsFromConfig } from '@portal/backend/export';
import { jobDepsFromConfig } from '@portal/backend/platform/jobs';

// Built once per container from the table and the clock only (ADR 059); a bad configuration fails the
// cold start with the variable named.
const config = loadConfig();
const exports = exportsFromConfig(config, jobDepsFromConfig(config));

/**
 * The export function (ADR 033): the API invokes it asynchronously with `{ jobId }`; it runs the job to
 * done or failed. The runner records its own failures on the job, so a handler error (a bad event, the
 * table unreachable) is all Lambda's retry ever sees; a retried job that already left `queued` is skipped.
 */
export const handler = async (event: unknown): Promise<void> => exports.run(ExportJobEvent.parse(event).jobId);
