import { GENERAL_REPORTS, type Report } from '@portal/core/report';
import { type MessageKey, useT } from '../../../i18n/index.ts';

/** A report's name in the user's language: a general report's from the catalogue (core nameKey), a custom one as saved. */
export function useReportName() {
  const t = useT();
  return (report: Pick<Report, 'kind' | 'reportId' | 'name'>) => {
    const general = report.kind === 'general' && report.reportId ? GENERAL_REPORTS[report.reportId as keyof typeof GENERAL_REPORTS] : undefined;
    return general ? t(general.nameKey as MessageKey) : report.name;
  };
}
