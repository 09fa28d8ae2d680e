import type { ScreenStart } from '../../../lib/predicted-reads.ts';
import { transactionQuery, viewFromParams } from '../model/transaction-filter.ts';
import { transactionKeys } from './keys.ts';

/**
 * The list read /connect/transactions makes first for a URL (ADR 147): the screen's own view and query functions
 * (viewFromParams, transactionQuery) and its SWR key's path, so the prediction cannot drift from the screen.
 */
export function predictListRead(search: URLSearchParams, start: ScreenStart): string | undefined {
  const query = transactionQuery(viewFromParams(search, start.today, start.customerId));
  return query ? transactionKeys.page(query)[4] : undefined;
}
