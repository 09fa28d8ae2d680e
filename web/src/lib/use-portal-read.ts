import type { Portal } from '@portal/core/shared';
import useSWR, { type SWRConfiguration } from 'swr';
import { usePortal } from './portal.ts';

/**
 * A read of the current portal's session as an SWR hook: nothing is asked while `arg` is null; otherwise
 * under `key(portal, arg)` (session-bound keys, dropped on logout) `read(portal, arg)` fetches it.
 */
export function usePortalRead<A, Data>(
  arg: A | null,
  key: (portal: Portal, arg: A) => readonly unknown[],
  read: (portal: Portal, arg: A) => Promise<Data>,
  config: SWRConfiguration<Data>,
) {
  const portal = usePortal();
  const fetcher = arg === null ? null : () => read(portal, arg);
  return useSWR(arg === null ? null : key(portal, arg), fetcher, config);
}
