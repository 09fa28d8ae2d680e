import type { Config } from '../config.ts';
import { createFileStore } from '../platform/files/file-store.ts';
import type { JobFactoryDeps } from '../platform/jobs/job-deps.ts';
import { jobLauncherFromConfig } from '../platform/jobs/job-launcher.ts';
import type { ExportJobEvent } from './export-job-event.ts';
import { createExportService, type ExportService } from './export-service.ts';
import { EXPORT_SOURCES, type ExportSources } from './export-sources.ts';

export type ExportSettings = Pick<Config, 'AWS_REGION' | 'S3_ENDPOINT' | 'REPORTS_BUCKET' | 'SCHEDULER_MODE' | 'EXPORT_FUNCTION_NAME'> &
  Partial<Pick<Config, 'EXPORT_ROWS_PER_FILE'>>;

/**
 * Export jobs of one process (ADR 033, the job factory shape of ADR 059): files in the reports bucket
 * under exports/, the launcher by config (platform/jobs/job-launcher.ts) — EXPORT_FUNCTION_NAME set: the
 * export Lambda; local mode: this process runs the job in the background; AWS mode without the name:
 * exports answer 503 rather than run inside the API Lambda (it is frozen once it has answered). `run` is
 * the runner's entry (the export function), `idle()` waits for local jobs (tests).
 */
export function exportsFromConfig(
  config: ExportSettings,
  deps: JobFactoryDeps<ExportJobEvent> & { sources?: ExportSources; rowsPerFile?: number },
): ExportService & { idle(): Promise<void> } {
  const files = createFileStore(
    { AWS_REGION: config.AWS_REGION, S3_ENDPOINT: config.S3_ENDPOINT, bucket: config.REPORTS_BUCKET },
    deps.faults,
  );
  // The local launcher runs the service's own runner: it is made first and calls the service once it exists.
  const { launcher, idle } = jobLauncherFromConfig<ExportJobEvent>(config, {
    label: 'export',
    functionName: config.EXPORT_FUNCTION_NAME,
    unavailable: 'Exports are not available at the moment.',
    run: ({ jobId }) => service.run(jobId),
    launcher: deps.launcher,
  });
  const service: ExportService = createExportService({
    db: deps.db,
    files,
    sources: deps.sources ?? EXPORT_SOURCES,
    launcher,
    now: deps.now,
    // A test's limit, else the configured one (EXPORT_ROWS_PER_FILE), else the runner's default.
    ...((deps.rowsPerFile ?? config.EXPORT_ROWS_PER_FILE) ? { rowsPerFile: deps.rowsPerFile ?? config.EXPORT_ROWS_PER_FILE } : {}),
  });
  return { ...service, idle };
}
