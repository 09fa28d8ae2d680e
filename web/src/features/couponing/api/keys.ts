import type { CardSummary, SerialCheckAnswer } from '@portal/core/couponing';
import type { Portal } from '@portal/core/shared';
import { mutate } from 'swr';
import { inScope, KeyScope } from '../../../lib/query-keys.ts';
import { withCard } from '../model/result-rows.ts';

/** One card: its serial and, since several cards may carry a serial, its EAN. */
interface CardKey {
  serial: string;
  ean: string;
}

/** The couponing feature's SWR keys (session-bound: `[scope, portal, ...]`, so a logout drops them). */
export const couponingKeys = {
  check: (portal: Portal, serials: readonly string[]) => [KeyScope.serialCheck, portal, serials.join(',')] as const,
  details: (portal: Portal, ref: CardKey) => [KeyScope.cardDetails, portal, ref.serial, ref.ean] as const,
  /** The action mutation on the card shown (no cached data). */
  action: (portal: Portal, ref: CardKey) => [KeyScope.couponAction, portal, ref.serial, ref.ean] as const,
};

/** A card read or answered afresh replaces the details shown for `ref`, no new read. */
export const putCardDetails = <D>(portal: Portal, ref: CardKey, details: D) =>
  mutate(couponingKeys.details(portal, ref), details, { revalidate: false });

/** The card's row in every cached serial check of the portal is replaced; those on screen revalidate. */
export const putCheckedCard = (portal: Portal, card: CardSummary) =>
  mutate(inScope(KeyScope.serialCheck, portal), (data: SerialCheckAnswer | undefined) => (data ? withCard(data, card) : data), {
    revalidate: true,
  });
