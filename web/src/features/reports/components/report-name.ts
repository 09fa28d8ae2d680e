import { GENERAL_REPORTS, isGeneralReportId, parseGeneralProcessId, type Report } from '@portal/core/report';
import { useT } from '../../../i18n/index.ts';

/** A report's name in the user's language: a general report's from the catalogue (core nameKey), a custom one as saved. */
export function useReportName() {
  const t = useT();
  return (report: Pick<Report, 'kind' | 'reportId' | 'name'>) => {
    const id = report.kind === 'general' ? report.reportId : undefined;
    return id && isGeneralReportId(id) ? t(GENERAL_REPORTS[id].nameKey) : report.name;
  };
}

/**
 * The name of a run's report (a report file, an unsubscribed report) in the user's language (ADR 054): a
 * general report's from the catalogue — by its processId or its reportId — else the name as saved.
 */
export function useRunReportName() {
  const t = useT();
  return (run: { processId?: string; reportId?: string | undefined; reportName: string }) => {
    const id = run.reportId ?? (run.processId ? parseGeneralProcessId(run.processId)?.reportId : undefined);
    return id && isGeneralReportId(id) ? t(GENERAL_REPORTS[id].nameKey) : run.reportName;
  };
}
