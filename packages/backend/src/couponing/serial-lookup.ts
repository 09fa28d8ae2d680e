import { serialStatusOf } from '@portal/core/couponing';
import {
  SERIAL_TRANSACTIONS_SHOWN,
  type SerialCard,
  type SerialLookupAnswer,
  type SerialLookupResult,
  type Transaction,
} from '@portal/core/transaction';
import { type Actor, requirePermission, maySeeSaleOf } from '../access/index.ts';
import { cardsOfSerial, factsOf, type StoredCard } from './card-entity.ts';
import { type CustomerKind, type CustomerRole, customerKeys, customerRoles } from '../customers/index.ts';
import { productKey } from '../masterdata/index.ts';
import { batchGet, getFrom, type Key, mapLimit } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { type Clock, todayOf } from '../platform/time.ts';
import { transactionsOfSerial } from '../transaction/index.ts';

export type SerialLookupDeps = { db: Db; now: Clock };

/** Serials read at once: enough to fill the connection pool, not to flood it (like couponing's check). */
const LOOKUP_CONCURRENCY = 16;
const ROLE_KINDS: readonly CustomerKind[] = ['retailer', 'provider'];

type Found = { serial: string; cards: StoredCard[]; transactions: Transaction[] };

/**
 * The names and roles a lookup shows: products (name, content provider) and each customer's role items —
 * the cards' retailers, the transactions' customers — in one BatchGet, then the role items of the
 * products' content providers not read yet in a second one (ADR 063: a provider sees its products' cards).
 */
type Names = {
  product: (productId: string) => { name: string | null; providerId: string | null };
  roles: (customerId: string) => CustomerRole[];
  provider: (productId: string | null) => CustomerRole | null;
};

async function readNames(db: Db, found: readonly Found[]): Promise<Names> {
  const productIds = new Set<string>();
  const customerIds = new Set<string>();
  for (const { cards, transactions } of found) {
    for (const card of cards) {
      customerIds.add(card.retailerId);
      if (card.productId) productIds.add(card.productId);
    }
    for (const tx of transactions) {
      customerIds.add(tx.customerId);
      if (tx.productId) productIds.add(tx.productId);
    }
  }
  const roleKey = (customerId: string, kind: CustomerKind): Key => ({ pk: customerKeys.pk(customerId), sk: customerKeys.roleSk(kind) });
  const keys = [...[...productIds].map(productKey), ...[...customerIds].flatMap((id) => ROLE_KINDS.map((kind) => roleKey(id, kind)))];
  const items = keys.length ? await batchGet(db, keys) : new Map();
  const product = (productId: string) => {
    const item = getFrom(items, productKey(productId));
    return {
      name: typeof item?.name === 'string' ? item.name : null,
      providerId: typeof item?.contentProviderId === 'string' ? item.contentProviderId : null,
    };
  };
  const providerKeys = [...new Set([...productIds].flatMap((id) => product(id).providerId ?? []))]
    .map((id) => roleKey(id, 'provider'))
    .filter((key) => !getFrom(items, key));
  const providers = providerKeys.length ? await batchGet(db, providerKeys) : new Map();
  const roleOf = (customerId: string, kind: CustomerKind) => {
    const item = getFrom(items, roleKey(customerId, kind)) ?? getFrom(providers, roleKey(customerId, kind));
    return item ? customerRoles.read(item) : null;
  };
  return {
    product,
    roles: (customerId) => ROLE_KINDS.flatMap((kind) => roleOf(customerId, kind) ?? []),
    provider: (productId) => {
      const providerId = productId ? product(productId).providerId : null;
      return providerId ? roleOf(providerId, 'provider') : null;
    },
  };
}

/**
 * The Serial Numbers section (SPEC 1 "serial number lookup"; ADR 034): for each serial,
 * the cards printed with it (product, card and serial status, activation and redemption, owning
 * retailer) and its processor transactions, newest first, at most SERIAL_TRANSACTIONS_SHOWN.
 *
 * Visibility (the sale rule of ADR 063, maySeeSaleOf, on ADR 015's mayActFor): a card shows when the actor may
 * act for its retailer (the retailer role, as couponing's card access reads it) or for the content provider
 * of its product; a transaction shows when the actor may act for its customer in any of that customer's
 * roles (retailer or provider: the master data's customers) or for the content provider of its product.
 * A serial with nothing visible answers `found: false` with empty lists, exactly like a serial nobody
 * has, so another customer's serials cannot be probed. A serial whose transactions are visible but
 * whose card is another customer's and not of the actor's products answers found with the transactions
 * and no card (ADR 034).
 *
 * DynamoDB calls: 2 Queries per serial (the card partition SERIAL#<serial>, CARD#; the transaction index
 * gsi1 TXSERIAL#<serial>, newest first, one page of SERIAL_TRANSACTIONS_SHOWN), run 16 serials at a time,
 * then 1 BatchGetItem (per 100 keys) for the products and the customers' role items, and 1 more for the
 * products' content providers when they were not among those customers. Nothing grows
 * with a serial's history: a serial with more transactions than shown reads the newest page only.
 */
export async function lookupSerials(deps: SerialLookupDeps, actor: Actor, serials: readonly string[]): Promise<SerialLookupAnswer> {
  requirePermission(actor, 'payment', 'serialLookup');
  const { db } = deps;
  const unique = [...new Set(serials)];
  const found = await mapLimit(unique, LOOKUP_CONCURRENCY, async (serial): Promise<Found> => {
    const [cards, transactions] = await Promise.all([
      cardsOfSerial(db, serial),
      transactionsOfSerial(db, serial, SERIAL_TRANSACTIONS_SHOWN),
    ]);
    return { serial, cards, transactions };
  });
  const names = await readNames(db, found);
  const today = todayOf(deps.now(), actor.timezone);

  // The retailer role names a customer where it has one (the master data's union rule).
  const nameOf = (roles: CustomerRole[]) => roles[0]?.name ?? null;

  const cardView = (card: StoredCard, retailer: CustomerRole): SerialCard => ({
    ean: card.ean,
    productId: card.productId,
    productName: card.productId ? names.product(card.productId).name : null,
    cardStatus: card.status,
    serialStatus: serialStatusOf(factsOf(card), today),
    activation: card.activation,
    redemption: card.redemption,
    customerId: card.retailerId,
    customerName: retailer.name,
  });

  const results = found.map(({ serial, cards, transactions }): SerialLookupResult => {
    const visibleCards = cards.flatMap((card) => {
      const retailer = names.roles(card.retailerId).find((role) => role.kind === 'retailer');
      return retailer && maySeeSaleOf(actor, { customer: retailer, provider: names.provider(card.productId) })
        ? [cardView(card, retailer)]
        : [];
    });
    const visibleTransactions = transactions
      // The booking customer in any of its roles, or the product's provider.
      .filter((tx) =>
        [null, ...names.roles(tx.customerId)].some((customer) => maySeeSaleOf(actor, { customer, provider: names.provider(tx.productId) })),
      )
      .map((tx) => {
        const name = tx.customerName ?? nameOf(names.roles(tx.customerId));
        return name ? { ...tx, customerName: name } : tx;
      });
    const isFound = visibleCards.length > 0 || visibleTransactions.length > 0;
    return { serial, found: isFound, cards: visibleCards, transactions: visibleTransactions };
  });
  return { results };
}

/** The backend's Serial Numbers service: the lookup with its dependencies bound. */
export function createSerialLookupService(deps: SerialLookupDeps) {
  return { lookup: (actor: Actor, serials: readonly string[]) => lookupSerials(deps, actor, serials) };
}
export type SerialLookupService = ReturnType<typeof createSerialLookupService>;
