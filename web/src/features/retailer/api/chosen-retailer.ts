import { useEffect } from 'react';
import useSWR from 'swr';
import { usePortal } from '../../../lib/portal.ts';
import { type ChosenRetailer, setChosenRetailer, useSessionState } from '../../../lib/session.ts';
import { rememberedRetailer, rememberRetailer, resolveRetailer } from './retailer-memory.ts';
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

/**
 * While `active` and no retailer is chosen in this session: restores the user's remembered retailer
 * (still listed for them) or the only one they have. 'resolving' until it is chosen or known to be none,
 * so a guard waits instead of sending the user to the selection page.
 */
export function useRetailerRestore(active: boolean): 'resolving' | 'done' {
  const portal = usePortal();
  const { retailer, status } = useSessionState();
  const username = status?.user?.username;
  const key = active && !retailer && username ? retailerKeys.restore(portal, username) : null;
  const { data, error } = useSWR(key, ([, p, u]) => resolveRetailer(p, rememberedRetailer(p, u)), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  const waiting = key !== null;
  useEffect(() => {
    if (waiting && data) setChosenRetailer(portal, data);
  }, [waiting, data, portal]);
  if (!key || error) return 'done';
  return data === null ? 'done' : 'resolving';
}
