import { hasModulePermission } from '@portal/core/auth';
import { ExportPanel } from '../../features/exports/index.ts';
import { TransactionsRoute } from '../../features/transactions/routes/transactions-route.tsx';
import { useSession } from '../../lib/auth.ts';
import { sendFirstListRead } from '../../features/transactions/api/keys.ts';
import { paths } from '../../lib/paths.ts';

/**
 * On its own URL the screen's first list read is predicted as this module runs (ADR 147; connect-routes.tsx loads it
 * as its branch runs on that URL), before the shell and the screen render. Sent only once the first reads' status
 * and master data are in, taken only by exactly its path; anywhere else (tests, a page without first reads) nothing.
 */
if (import.meta.env.PROD && typeof window !== 'undefined' && window.location.pathname === paths.connect.transactions)
  void sendFirstListRead('connect', window.location.search).catch(() => undefined);

/**
 * /connect/transactions (ADR 036): the transactions feature's screen with the exports feature's
 * panel (features do not import each other: they meet here). The panel is offered with the export
 * permission (payment.transactionExport, ADR 031) and exports the applied filter's whole result.
 */
export function ConnectTransactionsRoute() {
  const mayExport = hasModulePermission(useSession().status?.user?.modules, 'payment', 'transactionExport', false);
  return <TransactionsRoute exportPanel={mayExport ? (filter) => <ExportPanel target={{ kind: 'transactions', filter }} /> : undefined} />;
}
