import { hasModulePermission } from '@portal/core/auth';
import { ExportPanel } from '../../features/exports/index.ts';
import { TransactionsRoute } from '../../features/transactions/routes/transactions-route.tsx';
import { useSession } from '../../lib/auth.ts';

/** The screen's predicted first list read (ADR 147), from this module so the data layer's import of it is this chunk. */
export { sendFirstListRead } from '../../features/transactions/api/keys.ts';

/**
 * /connect/transactions (ADR 036): the transactions feature's screen with the exports feature's
 * panel (features do not import each other: they meet here). The panel is offered with the export
 * permission (payment.transactionExport, ADR 031) and exports the applied filter's whole result.
 */
export function ConnectTransactionsRoute() {
  const mayExport = hasModulePermission(useSession().status?.user?.modules, 'payment', 'transactionExport', false);
  return <TransactionsRoute exportPanel={mayExport ? (filter) => <ExportPanel target={{ kind: 'transactions', filter }} /> : undefined} />;
}
