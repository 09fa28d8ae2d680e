import { RETAILER_LIST_PAGE_SIZE } from '@portal/core/shared';
import { useEffect } from 'react';
import useSWR from 'swr';
import { usePortal } from '../../../lib/portal.ts';
import { type ChosenRetailer, setChosenRetailer, useSessionState } from '../../../lib/session.ts';
import { listedRetailer, onlyRetailer, rememberedRetailer, rememberRetailer } from './retailer-memory.ts';
import { fetchRetailers } from './retailers.ts';
import { retailerKeys } from './keys.ts';

export type { ChosenRetailer } from '../../../lib/session.ts';

/**
 * The retailer chosen for this browser session on the current portal (kept in session storage with that
 * portal's session, cleared with it). Choosing one also remembers it as the user's last choice
 * (retailer-memory.ts), so the next tab or session starts with it.
 */
export function useChosenRetailer(): [ChosenRetailer | null, (retailer: ChosenRetailer | null) => void] {
  const portal = usePortal();
  const { retailer, status } = useSessionState();
  const username = status?.user?.username;
  return [
    retailer,
    (next) => {
      setChosenRetailer(portal, next);
      if (next && username) rememberRetailer(portal, username, next);
    },
  ];
}

/** SWR settings of the restore's reads: once per need, not again on focus or reconnect. */
const ONCE = { shouldRetryOnError: false, revalidateOnFocus: false, revalidateOnReconnect: false } as const;
const FIRST_PAGE = { search: '', index: 0 };
/**
 * How long after its answer the restore's read of the first page also answers the selection list's first read of it
 * (the same SWR key; SWR's deduping window of the request): a guard that sends the user to the selection hands the
 * list its page instead of a second request (ADR 140). Long enough for the selection's chunk on a slow phone.
 */
export const FIRST_PAGE_SHARED_MS = 10_000;

/**
 * Where a restore stands: `checking` a remembered retailer (the user most likely goes on to the screen), `reading`
 * the first page (the user most likely chooses, unless it lists only one retailer), `done` (chosen, or none to restore).
 */
export type RestoreState = 'checking' | 'reading' | 'done';

/**
 * While `active` and no retailer is chosen in this session: restores the user's remembered retailer
 * (still listed) or the only one they have. Not `done` until it is chosen or known to be none, so a guard
 * waits instead of sending the user to the selection page. The first page is read under the selection list's own
 * key (ADR 140): the list then shows it without reading it again.
 */
export function useRetailerRestore(active: boolean): RestoreState {
  const portal = usePortal();
  const { retailer, status } = useSessionState();
  const username = status?.user?.username;
  const on = active && !retailer && username !== undefined;
  const remembered = on ? rememberedRetailer(portal, username) : null;
  const lookup = useSWR(
    remembered ? retailerKeys.lookup(portal, remembered.id) : null,
    ([, p, id]) => fetchRetailers(p, { search: id, index: 0 }, RETAILER_LIST_PAGE_SIZE),
    { ...ONCE, dedupingInterval: FIRST_PAGE_SHARED_MS },
  );
  const listed = remembered && lookup.data ? listedRetailer(lookup.data, remembered.id) : null;
  const readFirst = on && (remembered === null || (lookup.data !== undefined && listed === null));
  const first = useSWR(readFirst ? retailerKeys.page(portal, FIRST_PAGE) : null, ([, p]) => fetchRetailers(p, FIRST_PAGE), {
    ...ONCE,
    dedupingInterval: FIRST_PAGE_SHARED_MS,
  });
  const restored = listed ?? (readFirst && first.data ? onlyRetailer(first.data) : null);
  const restoredId = restored?.id;
  const restoredName = restored?.name;
  useEffect(() => {
    if (on && restoredId !== undefined && restoredName !== undefined) setChosenRetailer(portal, { id: restoredId, name: restoredName });
  }, [on, restoredId, restoredName, portal]);
  if (!on || lookup.error !== undefined || first.error !== undefined) return 'done';
  if (restored) return 'checking';
  if (remembered && lookup.data === undefined) return 'checking';
  return readFirst && first.data === undefined ? 'reading' : 'done';
}
