import type { Portal } from '@portal/core/shared';
import { paths } from '../lib/paths.ts';
import type { PredictListRead } from '../lib/predicted-reads.ts';

/**
 * The sections whose first list read is predicted from the first reads (ADR 147), by the exact path of the page:
 * each predictor is its feature's own module (its screen's query functions), loaded only on that page, so no other
 * page (the login page included) carries their bytes.
 */
const PREDICTED: Record<string, () => Promise<{ predictListRead: PredictListRead }>> = {
  [paths.connect.transactions]: () => import('../features/transactions/api/predicted-read.ts'),
};

/**
 * Sends the page's predicted list read, if it has one, once the status and master data answers are in (settled when
 * sent or given up; never rejects: a predictor that cannot load costs nothing but the prediction).
 */
export function sendSectionFirstRead(portal: Portal, pathname: string, search: string): Promise<void> {
  const load = portal === 'connect' ? PREDICTED[pathname] : undefined;
  if (!load) return Promise.resolve();
  // Both loaded with the page's prediction only: the entry (the login page's JS) carries neither (ADR 147).
  return Promise.all([import('../lib/predicted-reads.ts'), load()])
    .then(([{ sendPredictedRead }, { predictListRead }]) => sendPredictedRead(portal, search, predictListRead))
    .catch(() => undefined);
}
