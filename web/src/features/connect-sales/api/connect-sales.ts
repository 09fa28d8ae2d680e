import { MasterData } from '@portal/core/masterdata';
import { SalesAnswer } from '@portal/core/sales';
import type { Portal } from '@portal/core/shared';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { usePortal } from '../../../lib/portal.ts';
import { useSalesAnswer } from '../../../lib/use-sales-answer.ts';
import { KeyScope } from '../../../lib/query-keys.ts';
import type { ConnectSalesParams } from '../model/connect-sales-filter.ts';
import { resource, useResourceGet } from '../../../lib/resource-client.ts';

/**
 * The connect Sales calls (ADR 037): GET /api/connect-sales (SPEC 7 `sales`, answer core SalesAnswer) and
 * the master data's customers for the picker (the resource client, cached 5 minutes).
 */
export async function fetchConnectSales(portal: Portal, query: ConnectSalesParams): Promise<SalesAnswer> {
  return readJson(await api({ portal })['connect-sales'].$get({ query }), SalesAnswer);
}

export const connectSalesKeys = {
  sales: (portal: Portal, query: ConnectSalesParams) => [KeyScope.connectSales, portal, JSON.stringify(query)] as const,
};

/** The answer with the query it answers (useSalesAnswer); the same query within 5 minutes is not asked again. */
export function useConnectSales(query: ConnectSalesParams | null) {
  const portal = usePortal();
  return useSalesAnswer(query ? connectSalesKeys.sales(portal, query) : null, fetchConnectSales, { dedupingInterval: 300_000 });
}

const masterData = resource((c) => c['master-data'], MasterData);
export const useMasterData = () => useResourceGet(masterData);
