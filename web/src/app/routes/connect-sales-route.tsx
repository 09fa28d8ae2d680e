import { hasModulePermission } from '@portal/core/auth';
import { ConnectSalesScreen } from '../../features/connect-sales/components/connect-sales-screen.tsx';
import { ExportPanel } from '../../features/exports/index.ts';
import { useSession } from '../../lib/auth.ts';

/**
 * /connect/sales (ADR 037): the connect-sales feature's screen with the exports feature's panel
 * (features do not import each other: they meet here). The panel is offered with the export permission
 * (salesReporting.salesExport, ADR 031) and exports the groups of the query on screen.
 */
export function ConnectSalesRoute() {
  const mayExport = hasModulePermission(useSession().status?.user?.modules, 'salesReporting', 'salesExport', false);
  return <ConnectSalesScreen exportPanel={mayExport ? (filter) => <ExportPanel target={{ kind: 'sales', filter }} /> : undefined} />;
}
