import { MAX_SERIALS_PER_QUERY, parseSerialList, type SerialList } from '@portal/core/couponing';
import * as z from '@portal/core/zod';
import { onSessionEnd } from '../../../lib/session.ts';
import { createPersistentStore, useStore } from '../../../lib/store.ts';

/**
 * What the couponing stepper keeps between its steps (SPEC 2 Filter, Query, Details): the Filter's text
 * as typed or pasted, the serials last sent to Query, and the terminal id actions are booked on. Kept in
 * sessionStorage under `portal.couponing`, so a reload or going back keeps them; they end with the tab
 * and with the ordering session (couponing is an ordering-portal section).
 */
export const CouponingDraft = z.object({
  text: z.string(),
  serials: z.array(z.string()).check(z.maxLength(MAX_SERIALS_PER_QUERY)),
  terminalId: z.string(),
});
export type CouponingDraft = z.infer<typeof CouponingDraft>;

export const emptyCouponingDraft: CouponingDraft = { text: '', serials: [], terminalId: '' };

export const COUPONING_STORAGE_KEY = 'portal.couponing';
export const couponingStore = createPersistentStore('session', COUPONING_STORAGE_KEY, CouponingDraft, emptyCouponingDraft);

onSessionEnd((portal) => {
  if (portal === 'ordering') couponingStore.set(emptyCouponingDraft);
});

export const useCouponingDraft = (): CouponingDraft => useStore(couponingStore);

export const setFilterText = (text: string) => couponingStore.set((d) => ({ ...d, text }));
export const setTerminalId = (terminalId: string) => couponingStore.set((d) => ({ ...d, terminalId }));

/** 'Query' is possible only for a list with serials and without bad lines. */
export const canQuery = (list: SerialList): boolean => list.serials.length > 0 && list.issues.length === 0;

/**
 * Takes the Filter's text to the Query step: its serials (parsed again, so what is sent is exactly what
 * the text says) become the query. Returns false, changing nothing, when the text cannot be queried.
 */
export function submitFilter(text: string): boolean {
  const list = parseSerialList(text);
  if (!canQuery(list)) return false;
  couponingStore.set((d) => ({ ...d, text, serials: list.serials }));
  return true;
}
