import { ExportPanel } from '../../features/exports/index.ts';
import { AuditLogRoute } from '../../features/audit/routes/audit-log-route.tsx';

/**
 * /app/audit-log and /connect/audit-log (ADR 116): the audit feature's screen with the exports feature's
 * panel (features do not import each other: they meet here). The permission that opens the section
 * (ordering manageTeam, connect team.manageTeam) is the export's too: the panel is always offered.
 */
export function AuditLogScreen() {
  return <AuditLogRoute exportPanel={(filter) => <ExportPanel target={{ kind: 'audit', filter }} />} />;
}
