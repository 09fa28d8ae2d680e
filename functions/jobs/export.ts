import { createBackend, loadConfig } from '@portal/backend';
import { ExportJobEvent } from '@portal/backend/export/export-launcher';

// Built once per container; a bad configuration fails the cold start with the variable named.
const backend = createBackend(loadConfig());

/**
 * The export function (ADR 033): the API invokes it asynchronously with `{ jobId }`; it runs the job to
 * done or failed. The runner records its own failures on the job, so a handler error (a bad event, the
 * table unreachable) is all Lambda's retry ever sees; a retried job that already left `queued` is skipped.
 */
export const handler = async (event: unknown): Promise<void> => backend.exports.run(ExportJobEvent.parse(event).jobId);
