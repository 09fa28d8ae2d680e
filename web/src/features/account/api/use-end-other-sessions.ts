import { usePortalMutation } from '../../../lib/use-portal-mutation.ts';
import { accountKeys } from './keys.ts';
import { endOtherSessions } from './sessions.ts';

/**
 * 'Sign out other sessions' (POST account/sessions/end-others) as a mutation hook: `end(then)` resolves
 * with the number of ended sessions after `then` (the snack, the list read again) has run; `ending` until then.
 */
export function useEndOtherSessions() {
  const { trigger, isMutating } = usePortalMutation(accountKeys.endOthers, async (p, then: (ended: number) => Promise<void>) => {
    const ended = await endOtherSessions(p);
    await then(ended);
    return ended;
  });
  return { end: trigger, ending: isMutating };
}
