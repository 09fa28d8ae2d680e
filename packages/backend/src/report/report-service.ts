import { reportDefinitions } from './report-definitions.ts';
import { reportAccess, type ReportServiceDeps } from './report-access.ts';
import { reportMailingList } from './report-mailing-list.ts';
import { reportScheduling } from './report-scheduling.ts';

export { reportView, type ReportServiceDeps } from './report-access.ts';

/** Reports (ADR 040), composed from their use cases: definitions, schedules and mailing lists (report-access.ts says who may). */
export function createReportService(deps: ReportServiceDeps) {
  const ctx = reportAccess(deps);
  return { ...reportDefinitions(ctx), ...reportScheduling(ctx), ...reportMailingList(ctx) };
}

export type ReportService = ReturnType<typeof createReportService>;
