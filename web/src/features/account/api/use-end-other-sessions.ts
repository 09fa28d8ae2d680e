import useSWRMutation from 'swr/mutation';
import { usePortal } from '../../../lib/portal.ts';
import { accountKeys } from './keys.ts';
import { endOtherSessions } from './sessions.ts';

/**
 * 'Sign out other sessions' (POST account/sessions/end-others) as a mutation hook: `end(then)` resolves
 * with the number of ended sessions after `then` (the snack, the list read again) has run; `ending` until then.
 */
export function useEndOtherSessions() {
  const portal = usePortal();
  const { trigger, isMutating } = useSWRMutation(
    accountKeys.endOthers(portal),
    async ([, p], { arg }: { arg: (ended: number) => Promise<void> }) => {
      const ended = await endOtherSessions(p);
      await arg(ended);
      return ended;
    },
    { revalidate: false },
  );
  return { end: trigger, ending: isMutating };
}
