import { hasModulePermission } from '@portal/core/auth';
import { ReportRoute, type ReportPermissions } from '../../features/reports/routes/report-route.tsx';
import { useSession } from '../../lib/auth.ts';

/**
 * /connect/reports/:processId (ADR 044): the reports feature's report page with
 * what the session's reportManagement permissions allow (ADR 031): `reports` edits custom reports and runs
 * them, `schedule` saves schedules, `recipients` changes mailing lists and resends. Apart from the list's
 * module (connect-reports-route.tsx), so the list does not download the page's forms (ADR 128).
 */
function useReportPermissions(): ReportPermissions {
  const modules = useSession().status?.user?.modules;
  return {
    edit: hasModulePermission(modules, 'reportManagement', 'reports', false),
    schedule: hasModulePermission(modules, 'reportManagement', 'schedule', false),
    recipients: hasModulePermission(modules, 'reportManagement', 'recipients', false),
  };
}

export function ConnectReportRoute() {
  return <ReportRoute may={useReportPermissions()} />;
}
