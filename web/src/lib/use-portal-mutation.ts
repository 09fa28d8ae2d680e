import type { Portal } from '@portal/core/shared';
import useSWRMutation from 'swr/mutation';
import { usePortal } from './portal.ts';

/**
 * A write of the current portal's session as an SWR mutation hook: keyed by `key(portal)` (a mutation key,
 * no cached data under it, so nothing is read again afterwards) and run as `write(portal, arg)`. The
 * hooks of the features name `trigger` and `isMutating` after what they do.
 */
export function usePortalMutation<Data, Arg = never>(
  key: (portal: Portal) => readonly unknown[],
  write: (portal: Portal, arg: Arg) => Promise<Data>,
) {
  const portal = usePortal();
  return useSWRMutation(key(portal), (_key: readonly unknown[], { arg }: { arg: Arg }) => write(portal, arg), {
    revalidate: false,
  });
}
