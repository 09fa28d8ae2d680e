import { AuditList } from '@portal/core/audit';
import type { Portal } from '@portal/core/shared';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { usePortal } from '../../../lib/portal.ts';
import { KeyScope } from '../../../lib/query-keys.ts';
import type { AuditQueryParams } from '../model/audit-filter.ts';

/**
 * The audit log's read (ADR 114's GET /api/audit, ADR 116's screen), in both portals: the portal names
 * the session. Failures are shown in place (a refused filter at its fields, a stale cursor with a way back
 * to the newest entries), so the call opts out of the snack; a 401/403 still opens the auth dialog.
 */
export const auditKeys = {
  page: (portal: Portal, query: AuditQueryParams) => [KeyScope.auditLog, portal, JSON.stringify(query)] as const,
};

export async function fetchAuditPage(portal: Portal, query: AuditQueryParams): Promise<AuditList> {
  const options = { portal, notify: false } as const;
  return readJson(await api(options).audit.$get({ query }), AuditList, options);
}

/** One page of the log; null = nothing to ask (a range with a problem). The shown page stays while the next loads. */
export function useAuditPage(query: AuditQueryParams | null) {
  const portal = usePortal();
  // The key names the query (JSON, so equal filters share a cache entry); the fetcher reads the same query.
  return useSWR(query ? auditKeys.page(portal, query) : null, query ? () => fetchAuditPage(portal, query) : null, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
