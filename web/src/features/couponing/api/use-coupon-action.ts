import type { CouponActionAnswer } from '@portal/core/couponing';
import { useRef } from 'react';
import useSWRMutation from 'swr/mutation';
import { usePortal } from '../../../lib/portal.ts';
import { type Attempt, attemptFor, outcomeUnknown } from '../model/action-attempt.ts';
import { couponingKeys } from './keys.ts';
import { type ActionRequest, bookCouponAction, type CardRef } from './serial-check.ts';

/**
 * A coupon action on the card shown under `shown`, as a mutation hook (ADR 016). It owns the click's
 * Idempotency-Key: a click whose answer never arrived stays open and clicking the same action again
 * retries it with the same key; any answer that settles the click closes it. Resolves with the answer
 * (already in the cache), rejects with the failure.
 */
export function useCouponAction(shown: CardRef): (request: ActionRequest) => Promise<CouponActionAnswer> {
  const portal = usePortal();
  const attempt = useRef<Attempt | null>(null);
  const { trigger } = useSWRMutation(
    couponingKeys.action(portal, shown),
    ([, p], { arg }: { arg: Attempt }) => bookCouponAction(p, arg.request, arg.key, shown),
    { revalidate: false },
  );
  return async (request) => {
    const current = attemptFor(attempt.current, request);
    attempt.current = current;
    try {
      const answer = await trigger(current);
      attempt.current = null;
      return answer;
    } catch (error) {
      if (!outcomeUnknown(error)) attempt.current = null;
      throw error;
    }
  };
}
