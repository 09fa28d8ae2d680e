import { hasModulePermission } from '@portal/core/auth';
import { ReportsRoute } from '../../features/reports/routes/reports-route.tsx';
import { useSession } from '../../lib/auth.ts';

/**
 * /connect/reports (ADR 044): the reports feature's list with what the session's reportManagement
 * permissions allow (ADR 031): `reports` opens the section and offers "New report". A report's page and
 * the new report's form are a route module of their own (connect-report-route.tsx): the list does not
 * download them (ADR 128).
 */
export function ConnectReportsRoute() {
  return <ReportsRoute mayEdit={hasModulePermission(useSession().status?.user?.modules, 'reportManagement', 'reports', false)} />;
}
