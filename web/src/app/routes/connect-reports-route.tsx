import { hasModulePermission } from '@portal/core/auth';
import { ReportRoute, type ReportPermissions } from '../../features/reports/routes/report-route.tsx';
import { ReportsRoute } from '../../features/reports/routes/reports-route.tsx';
import { useSession } from '../../lib/auth.ts';

/**
 * /connect/reports and /connect/reports/:processId (ADR 044): the reports feature's screens with what the
 * session's reportManagement permissions allow (ADR 031): `reports` opens the section and edits custom
 * reports and runs them, `schedule` saves schedules, `recipients` changes mailing lists and resends.
 */
function useReportPermissions(): ReportPermissions {
  const modules = useSession().status?.user?.modules;
  return {
    edit: hasModulePermission(modules, 'reportManagement', 'reports', false),
    schedule: hasModulePermission(modules, 'reportManagement', 'schedule', false),
    recipients: hasModulePermission(modules, 'reportManagement', 'recipients', false),
  };
}

export function ConnectReportsRoute() {
  return <ReportsRoute mayEdit={useReportPermissions().edit} />;
}

export function ConnectReportRoute() {
  return <ReportRoute may={useReportPermissions()} />;
}

export { NewReportRoute as ConnectNewReportRoute } from '../../features/reports/routes/report-route.tsx';
