import { SerialLookupAnswer } from '@portal/core/transaction';
import { MasterData } from '@portal/core/masterdata';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { resource, useResourceGet } from '../../../lib/resource-client.ts';
import { lookupQuery, serialKeys } from './keys.ts';

/**
 * The Serial Numbers section's calls (ADR 034). The lookup is a GET with a query, which
 * the resource client's `get` does not take, so it is read here on the typed client (ADR 057) with its
 * contract; master data (transaction type names, currency decimals) through the resource client (ADR 030).
 * The screen shows a failed lookup in place, so there is no snack; 401/403 still open the auth dialog.
 */

const quiet = { portal: 'connect', notify: false } as const;

/** GET /api/serial-numbers?serials=: each serial's visible cards and transactions. */
export async function fetchSerialLookup(serials: readonly string[]): Promise<SerialLookupAnswer> {
  return readJson(await api(quiet)['serial-numbers'].$get({ query: lookupQuery(serials) }), SerialLookupAnswer, quiet);
}

/** The lookup of `serials` (none: nothing to ask). Not re-read on focus: the user looks up again when wanted. */
export function useSerialLookup(serials: readonly string[]) {
  return useSWR(serials.length > 0 ? serialKeys.lookup(serials) : null, () => fetchSerialLookup(serials), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

const masterData = resource((c) => c['master-data'], MasterData);

/** GET /api/master-data: transaction type names and currencies. */
export const useMasterData = () => useResourceGet(masterData);
