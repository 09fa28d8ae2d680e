import { CONTRACT_COUPON_STATUS_LABELS, CONTRACT_COUPON_STATUSES, COUPON_STATUS_LABELS, isOneOf } from '@portal/core/shared';
import { initialStatus, SERIAL_PATTERN, STORED_COUPON_STATUSES, TerminalId } from '@portal/core/couponing';
import * as z from '@portal/core/zod';
import { getCustomerRole } from '../customers/index.ts';
import { batchGet, batchPut, getFrom, mapLimit } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { type LineOutcome, Bool, CalendarDay, Ean, Id, currentProducts } from '../masterdata/index.ts';
import { cardKey, cardOfItem, type StoredCard, updateCardMaster } from './card-entity.ts';

/** A moment with its offset, stored as UTC ISO text. */
const Instant = z.pipe(
  z.string().check(
    z.trim(),
    z.maxLength(40),
    z.refine(
      (text) => /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text)),
      'a date and time as ISO 8601, e.g. 2026-11-02T10:15:00Z',
    ),
  ),
  z.transform((text) => new Date(text).toISOString()),
);

/** The most serials one line may name: a carton of cards, not a print run. */
export const MAX_RANGE = 10_000;

const SerialText = z.string().check(z.trim(), z.regex(SERIAL_PATTERN, 'a serial number of 10 to 20 digits (as text)'));

/** A status by code or label ('notReady' or 'Not ready'); which set applies depends on `contract`. */
const statusByText = new Map<string, string>();
for (const code of STORED_COUPON_STATUSES) {
  statusByText.set(code.toLowerCase(), code).set(COUPON_STATUS_LABELS[code].toLowerCase(), code);
}
for (const code of CONTRACT_COUPON_STATUSES) {
  statusByText.set(code.toLowerCase(), code).set(CONTRACT_COUPON_STATUS_LABELS[code].toLowerCase(), code);
}

/**
 * A range of issued cards (ADR 016): serials serialFrom..serialTo (same number of digits; one serial
 * when serialTo is absent) of the product with `ean`, with the card's second EAN, sold to `retailerId`.
 * `status` is the card's status at the processor when the range is first loaded (default Not ready, or
 * Ready for contract coupons); `soldOffline` marks activated cards sold through the offline channel;
 * activatedAt/activationTerminalId and redeemedAt/redemptionTerminalId carry the processor's bookings of
 * a card loaded as already used (shown as its activation and redemption; it has no portal transactions).
 */
export const SerialRangeImport = z
  .object({
    serialFrom: SerialText,
    serialTo: z.optional(SerialText),
    ean: Ean,
    eanSecond: z.optional(Ean),
    contract: z._default(Bool, false),
    retailerId: Id,
    status: z.optional(z.preprocess((v) => (typeof v === 'string' ? (statusByText.get(v.trim().toLowerCase()) ?? v) : v), z.string())),
    validUntil: z.optional(CalendarDay),
    soldOffline: z._default(Bool, false),
    /** When and where the processor booked the card's activation / redemption (cards loaded as used). */
    activatedAt: z.optional(Instant),
    activationTerminalId: z.optional(TerminalId),
    redeemedAt: z.optional(Instant),
    redemptionTerminalId: z.optional(TerminalId),
  })
  .check(
    z.superRefine((r, ctx) => {
      const to = r.serialTo ?? r.serialFrom;
      // zod runs this refinement even when a serial failed its own check (its issue is reported already);
      // the range rules compare well-formed serials only, as BigInt throws on anything else.
      const wellFormed =
        typeof r.serialFrom === 'string' && typeof to === 'string' && SERIAL_PATTERN.test(r.serialFrom) && SERIAL_PATTERN.test(to);
      if (wellFormed) {
        if (to.length !== r.serialFrom.length) {
          ctx.addIssue({ code: 'custom', path: ['serialTo'], message: 'must have as many digits as serialFrom' });
        } else if (BigInt(to) < BigInt(r.serialFrom)) {
          ctx.addIssue({ code: 'custom', path: ['serialTo'], message: 'must not be below serialFrom' });
        } else if (BigInt(to) - BigInt(r.serialFrom) >= BigInt(MAX_RANGE)) {
          ctx.addIssue({ code: 'custom', path: ['serialTo'], message: `a range holds at most ${MAX_RANGE} serials` });
        }
      }
      const statuses = r.contract ? CONTRACT_COUPON_STATUSES : STORED_COUPON_STATUSES;
      if (r.status !== undefined && !isOneOf(statuses, r.status)) {
        ctx.addIssue({ code: 'custom', path: ['status'], message: `one of ${statuses.join(', ')}` });
      }
      const status = r.status ?? initialStatus(r.contract);
      if (r.soldOffline && status !== 'activated') {
        ctx.addIssue({ code: 'custom', path: ['soldOffline'], message: 'only an activated coupon is sold offline' });
      }
      for (const [at, terminal, allowed] of [
        ['activatedAt', 'activationTerminalId', ['activated', 'issued', 'voided', 'redeemed', 'deactivated']],
        ['redeemedAt', 'redemptionTerminalId', ['redeemed']],
      ] as const) {
        if ((r[at] === undefined) !== (r[terminal] === undefined)) {
          ctx.addIssue({ code: 'custom', path: [r[at] === undefined ? at : terminal], message: `${at} and ${terminal} go together` });
        } else if (r[at] !== undefined && !allowed.some((a) => a === status)) {
          ctx.addIssue({ code: 'custom', path: [at], message: `not for a card in status ${status}` });
        }
      }
    }),
  );
export type SerialRangeImport = z.infer<typeof SerialRangeImport>;

/** The serials of a range, as text with the range's number of digits. */
export function serialsOf(range: Pick<SerialRangeImport, 'serialFrom' | 'serialTo'>): string[] {
  const from = BigInt(range.serialFrom);
  const to = BigInt(range.serialTo ?? range.serialFrom);
  const out: string[] = [];
  for (let n = from; n <= to; n += 1n) out.push(n.toString().padStart(range.serialFrom.length, '0'));
  return out;
}

/** The master fields a re-import may change on an existing card; its status and history stay. */
const MASTER_FIELDS = ['eanSecond', 'productId', 'retailerId', 'validUntil'] as const;

/**
 * Writes serial ranges, one line at a time in file order. New cards are created with the line's status;
 * cards that exist keep their status and transactions (the portal owns them once loaded) and take the
 * line's master fields, so re-importing a file changes nothing and a resold range moves to its new
 * retailer. A line naming an unknown retailer or EAN, or turning a coupon into a contract coupon (or
 * back), is rejected whole.
 */
export async function writeSerialRanges(db: Db, records: readonly SerialRangeImport[], now: Date): Promise<LineOutcome[]> {
  const at = now.toISOString();
  const { items: catalogue } = await currentProducts(db, now);
  const byEan = new Map(catalogue.map((p) => [p.ean, p]));
  const retailers = new Map<string, Promise<boolean>>();
  const retailerExists = (id: string) => {
    if (!retailers.has(id))
      retailers.set(
        id,
        getCustomerRole(db, id, 'retailer').then((role) => role !== null),
      );
    return retailers.get(id)!;
  };
  const outcomes: LineOutcome[] = [];
  for (const record of records) {
    const product = byEan.get(record.ean);
    if (!product) {
      outcomes.push({ rejected: `ean: no product with EAN '${record.ean}'` });
      continue;
    }
    if (!(await retailerExists(record.retailerId))) {
      outcomes.push({ rejected: `retailerId: no retailer '${record.retailerId}'` });
      continue;
    }
    const serials = serialsOf(record);
    const existing = await batchGet(
      db,
      serials.map((s) => cardKey(s, record.ean)),
    );
    const stored = serials.map((s) => getFrom(existing, cardKey(s, record.ean))).map((item) => (item ? cardOfItem(item) : null));
    const flipped = stored.find((card) => card !== null && card.contract !== record.contract);
    if (flipped) {
      outcomes.push({ rejected: `contract: serial ${flipped.serial} exists as a ${flipped.contract ? 'contract' : 'plain'} coupon` });
      continue;
    }
    const master = {
      eanSecond: record.eanSecond ?? null,
      productId: product.productId,
      retailerId: record.retailerId,
      validUntil: record.validUntil ?? null,
    };
    const created: StoredCard[] = [];
    const changed: StoredCard[] = [];
    for (const [i, serial] of serials.entries()) {
      const card = stored[i];
      if (!card) {
        created.push({
          serial,
          ean: record.ean,
          ...master,
          contract: record.contract,
          status: (record.status ?? initialStatus(record.contract)) as StoredCard['status'],
          soldOffline: record.soldOffline,
          activation: record.activatedAt ? { at: record.activatedAt, terminalId: record.activationTerminalId! } : null,
          redemption: record.redeemedAt ? { at: record.redeemedAt, terminalId: record.redemptionTerminalId! } : null,
          version: 0,
          createdAt: at,
          updatedAt: at,
        });
      } else if (MASTER_FIELDS.some((f) => card[f] !== master[f])) {
        changed.push(card);
      }
    }
    await batchPut(
      db,
      created.map((card) => ({ ...cardKey(card.serial, card.ean), type: 'card', ...card })),
    );
    await mapLimit(changed, 8, (card) => updateCardMaster(db, card, master, at));
    outcomes.push(created.length > 0 ? 'created' : 'updated');
  }
  return outcomes;
}
