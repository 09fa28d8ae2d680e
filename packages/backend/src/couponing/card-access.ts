import { type CustomerRole, getCustomerRole } from '../customers/index.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import { type Actor, mayActFor } from '../access/index.ts';
import type { StoredCard } from './card-entity.ts';
import { SERIAL } from '@portal/core/couponing';

/**
 * Per object (ADR 016): a card is visible to an actor only when it was sold to a retailer the actor may
 * act for (ADR 015's rule). Invisible cards are treated as absent everywhere, so serials of other
 * retailers answer "not found" and cannot be probed.
 */
export function createCardAccess(db: Db, actor: Actor) {
  const roles = new Map<string, Promise<CustomerRole | null>>();
  const roleOf = (retailerId: string) => {
    let role = roles.get(retailerId);
    if (!role) roles.set(retailerId, (role = getCustomerRole(db, retailerId, 'retailer')));
    return role;
  };
  return {
    /** The cards among `cards` the actor may see, in their order. */
    async visible(cards: StoredCard[]): Promise<StoredCard[]> {
      const allowed = await Promise.all(
        cards.map(async (card) => {
          const role = await roleOf(card.retailerId);
          return role !== null && mayActFor(actor, role);
        }),
      );
      return cards.filter((_, i) => allowed[i]);
    },
    /** The retailer's name, for the details screen (read once per retailer). */
    async retailerName(retailerId: string): Promise<string | null> {
      return (await roleOf(retailerId))?.name ?? null;
    },
  };
}

export type CardAccess = ReturnType<typeof createCardAccess>;

export const serialNotFound = () => new AppError('not_found', SERIAL.NOT_FOUND, 'No card with this serial number was found.');

/**
 * The one card an action or the details screen means: the card with `ean`, or the only visible card
 * when no EAN is given. Several visible cards and no EAN: 409 naming the choice to make.
 */
export function chooseCard(visible: StoredCard[], ean: string | undefined): StoredCard {
  if (ean !== undefined) {
    const card = visible.find((c) => c.ean === ean);
    if (!card) throw serialNotFound();
    return card;
  }
  if (visible.length === 0) throw serialNotFound();
  if (visible.length > 1) {
    throw new AppError('conflict', SERIAL.MULTIPLE_RESULTS, 'Several cards carry this serial number; choose one by its EAN.', {
      issues: [{ path: 'ean', message: `One of: ${visible.map((c) => c.ean).join(', ')}` }],
    });
  }
  return visible[0]!;
}
