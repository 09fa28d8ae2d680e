import { usePortal } from '../../../lib/portal.ts';
import { type ChosenRetailer, setChosenRetailer, useSessionState } from '../../../lib/session.ts';

export type { ChosenRetailer } from '../../../lib/session.ts';

/**
 * The retailer chosen for this browser session on the current portal (kept in session storage with that
 * portal's session, cleared with it). Retailer selection itself comes with the ordering issue; the order,
 * questionnaire, orders and sales routes already guard on it.
 */
export function useChosenRetailer(): [ChosenRetailer | null, (retailer: ChosenRetailer | null) => void] {
  const portal = usePortal();
  return [useSessionState().retailer, (retailer) => setChosenRetailer(portal, retailer)];
}
