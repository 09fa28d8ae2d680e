import type { OrderDetail, OrderSubmitInput } from '@portal/core/ordering';
import { useRef, useState } from 'react';
import { usePortalMutation } from '../../../lib/use-portal-mutation.ts';
import { checkoutKey } from '../model/order-draft.ts';
import { orderKeys } from './keys.ts';
import { submitOrder } from './ordering-api.ts';

/**
 * The order submit as a mutation hook: it owns the checkout's Idempotency-Key (kept in sessionStorage
 * until success, so a double click or a retry creates one order), the in-flight guard and the pending
 * state. `then` (the snack, the navigation, clearing the draft) runs while the submit still counts as in
 * flight, so a second click in between sends nothing. A failure rejects; the key stays for the retry.
 */
export function useSubmitOrder() {
  const { trigger } = usePortalMutation(orderKeys.submit, (p, arg: OrderSubmitInput) => submitOrder(p, arg, checkoutKey(p, arg)));
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (input: OrderSubmitInput, then: (order: OrderDetail) => Promise<void>): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      await then(await trigger(input));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };
  return { submit, submitting };
}
