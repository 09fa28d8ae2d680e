import type { Config } from '../config.ts';
import type { Db } from '../platform/db/client.ts';
import type { FaultInjector } from '../platform/faults/fault-injector.ts';
import { createFileStore } from '../platform/files/file-store.ts';
import type { Clock } from '../platform/time.ts';
import { type ExportLauncher, lambdaExportLauncher, localExportLauncher, unavailableExportLauncher } from './export-launcher.ts';
import { createExportService, type ExportService } from './export-service.ts';
import { EXPORT_SOURCES, type ExportSources } from './export-sources.ts';

export type ExportSettings = Pick<Config, 'AWS_REGION' | 'S3_ENDPOINT' | 'REPORTS_BUCKET' | 'SCHEDULER_MODE' | 'EXPORT_FUNCTION_NAME'> &
  Partial<Pick<Config, 'EXPORT_ROWS_PER_FILE'>>;

/**
 * The export service of one process (ADR 033): files in the reports bucket under exports/, the job port
 * by config — EXPORT_FUNCTION_NAME set: the export Lambda; local mode: this process runs the job in the
 * background; AWS mode without the name: exports answer 503 rather than run inside the API Lambda (it is
 * frozen once it has answered). `idle()` waits for local jobs (tests); `launcher` replaces the port (the
 * route gates start no runner).
 */
export function exportsFromConfig(
  config: ExportSettings,
  deps: { db: Db; now: Clock; faults?: FaultInjector; sources?: ExportSources; rowsPerFile?: number; launcher?: ExportLauncher },
): ExportService & { idle(): Promise<void> } {
  const files = createFileStore({ AWS_REGION: config.AWS_REGION, S3_ENDPOINT: config.S3_ENDPOINT, bucket: config.REPORTS_BUCKET }, deps.faults);
  // The local launcher runs the service's own runner: it is made first and calls the service once it exists.
  const local = localExportLauncher((jobId) => service.run(jobId));
  const launcher = deps.launcher ?? launcherFor(config, local);
  const service: ExportService = createExportService({
    db: deps.db,
    files,
    sources: deps.sources ?? EXPORT_SOURCES,
    launcher,
    now: deps.now,
    // A test's limit, else the configured one (EXPORT_ROWS_PER_FILE), else the runner's default.
    ...((deps.rowsPerFile ?? config.EXPORT_ROWS_PER_FILE) ? { rowsPerFile: deps.rowsPerFile ?? config.EXPORT_ROWS_PER_FILE } : {}),
  });
  return { ...service, idle: () => local.idle() };
}

function launcherFor(config: ExportSettings, local: ExportLauncher): ExportLauncher {
  if (config.EXPORT_FUNCTION_NAME) return lambdaExportLauncher({ functionName: config.EXPORT_FUNCTION_NAME, region: config.AWS_REGION });
  return config.SCHEDULER_MODE === 'aws' ? unavailableExportLauncher : local;
}
