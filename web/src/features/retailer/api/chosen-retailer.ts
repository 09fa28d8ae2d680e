import { type ChosenRetailer, setChosenRetailer, useSessionState } from '../../../lib/session.ts';

export type { ChosenRetailer } from '../../../lib/session.ts';

/**
 * The retailer chosen for this browser session (kept in session storage, cleared with the session).
 * Retailer selection itself comes with the ordering issue; the order, questionnaire, orders and sales
 * routes already guard on it.
 */
export function useChosenRetailer(): [ChosenRetailer | null, (retailer: ChosenRetailer | null) => void] {
  return [useSessionState().retailer, setChosenRetailer];
}
