import type { CouponActionAnswer } from '@portal/core/couponing';
import { useRef } from 'react';
import { usePortalMutation } from '../../../lib/use-portal-mutation.ts';
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
  const attempt = useRef<Attempt | null>(null);
  const { trigger } = usePortalMutation(
    (p) => couponingKeys.action(p, shown),
    (p, arg: Attempt) => bookCouponAction(p, arg.request, arg.key, shown),
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
