import { queryAll } from '@portal/backend/platform/db';
import { serialWithTransactions } from '@portal/backend/couponing';
import { actorFor } from '@portal/backend';
import { getAccount } from '@portal/backend/accounts';
import { CONTRACT_COUPON_STATUSES, COUPON_STATUS_LABELS } from '@portal/core/shared';
import {
  type CardState,
  CONTRACT_TRANSITIONS,
  COUPON_ACTIONS,
  COUPON_TRANSITIONS,
  type CouponAction,
  CouponActionAnswer,
  CouponingStatusAnswer,
  decideAction,
  MAX_SERIALS_PER_QUERY,
  SERIAL_FORMAT_MESSAGE,
  SerialCheckAnswer,
  SerialDetails,
  serialStatusOf,
  statusLabel,
  STORED_COUPON_STATUSES,
} from '@portal/core/couponing';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson, signInCookie } from '../../tests/support/api.ts';
import { apiSuite } from '../../tests/support/test-app.ts';
import { testEan } from '../../tests/support/ean.ts';

/**
 * The couponing API (SPEC 3 Couponing serial check, 4 coupon statuses, 6 couponing permissions, 7
 * serial-number-check and get-couponing-status; ADR 016) against DynamoDB Local: every transition of the
 * life cycle table of core, booked or refused through the API; races and Idempotency-Key replays; the
 * access rules per function and per object; validation. All data comes through the import path.
 */
// 02:00 UTC: already the 21st in Berlin, still the 20th in New York (expiry follows the user's day).
const TODAY = '2026-11-21';
let clock = new Date(`${TODAY}T02:00:00Z`);
const world = apiSuite(() => clock, '203.0.113.21');
const PASSWORD = 'Correct-Horse-42!';

const ean = (n: number) => testEan('401', n);
const GIFT = { productId: 'P-C1', ean: ean(1), eanSecond: ean(101), name: 'Gift card 25', company: 'Brand Co', faceValue: 25 };
const GAME = { productId: 'P-C2', ean: ean(2), eanSecond: ean(102), name: 'Game card 50', company: 'Play Co', faceValue: 50 };
const PLAN = { productId: 'P-C3', ean: ean(3), eanSecond: ean(103), name: 'Mobile contract', company: 'Tel Co', faceValue: 10 };
const PRODUCTS = [GIFT, GAME, PLAN];

/** Retailers: R-C1 and R-C2 in group G-C; R-C3 alone (another retailer). */
const OWN = 'R-C1';
const SISTER = 'R-C2';
const FOREIGN = 'R-C3';
const RETAILER_NAMES: Record<string, string> = { [OWN]: 'Alpha Markets', [SISTER]: 'Beta Fuel', [FOREIGN]: 'Gamma Shops' };

/** Users: key = username; management 1, cancellation 2 (SPEC 6). */
const USERS = {
  full: { customerId: OWN, securityFlag: 32, permissions: 3, firstname: 'Fay', surname: 'Full' },
  manage: { customerId: OWN, securityFlag: 32, permissions: 1, firstname: 'Max', surname: 'Manage' },
  cancel: { customerId: OWN, securityFlag: 1040, permissions: 2, firstname: 'Cleo', surname: 'Cancel' },
  weak: { customerId: OWN, securityFlag: 1024, permissions: 3, firstname: 'Walt', surname: 'Weak' },
  other: { customerId: FOREIGN, securityFlag: 32, permissions: 3, firstname: 'Otto', surname: 'Other' },
  group: { customerId: 'G-C', securityFlag: 1040, permissions: 3, firstname: 'Greta', surname: 'Group' },
  global: { customerId: '', securityFlag: 4096 + 32, permissions: 3, firstname: 'Gil', surname: 'Global' },
  orders: { customerId: OWN, securityFlag: 32, permissions: 4, firstname: 'Olga', surname: 'Orders' },
  ny: { customerId: OWN, securityFlag: 32, permissions: 3, firstname: 'Nora', surname: 'York', timezone: 'America/New_York' },
} as const;
type User = keyof typeof USERS | 'anonymous';
const displayName = (user: keyof typeof USERS) => `${USERS[user].firstname} ${USERS[user].surname}`;

const cookies: Partial<Record<User, string>> = {};
const headers = (user: User, extra: Record<string, string> = {}) => ({
  'X-Portal': 'ordering',
  'Content-Type': 'application/json',
  ...(cookies[user] ? { Cookie: cookies[user] } : {}),
  ...extra,
});

const signIn = (username: string) => signInCookie(world.app, username, PASSWORD, 'ordering');

// --- Calls ------------------------------------------------------------------------------------------

type Call = { user?: User; ean?: string; terminalId?: string; key?: string; body?: unknown };
const query = (serials: unknown, user: User = 'full') =>
  world.app.request('/api/serial-number-check', { method: 'POST', headers: headers(user), body: JSON.stringify({ serials }) });
const withEan = (path: string, ean?: string) => (ean === undefined ? path : `${path}?ean=${encodeURIComponent(ean)}`);
const details = (serial: string, { user = 'full', ean }: Call = {}) =>
  world.app.request(withEan(`/api/serial-number-check/${serial}`, ean), { headers: headers(user) });
const couponingStatus = (serial: string, { user = 'full', ean }: Call = {}) =>
  world.app.request(withEan(`/api/get-couponing-status/${serial}`, ean), { headers: headers(user) });
const act = (serial: string, action: string, { user = 'full', ean = GIFT.ean, terminalId = 'T-1', key, body }: Call = {}) =>
  world.app.request(`/api/serial-number-check/${serial}/${action}`, {
    method: 'POST',
    headers: headers(user, key ? { 'Idempotency-Key': key } : {}),
    body: JSON.stringify(body ?? { ean, terminalId }),
  });

type ErrorAnswer = { code: string; message: string; issues?: { path: string; message: string }[] };
async function expectError(res: Response, status: number, code: string, message?: string): Promise<ErrorAnswer> {
  const body = await readJson<ErrorAnswer>(res);
  expect({ status: res.status, code: body.code }).toEqual({ status, code });
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}
async function answerOf(res: Response, status = 201) {
  const body = await readJson(res);
  expect(res.status, JSON.stringify(body)).toBe(status);
  return CouponActionAnswer.parse(body);
}

/** A promise that resolves after `tick()` was called `count` times. */
function deferredCount(count: number) {
  let resolve = () => {};
  const done = new Promise<void>((r) => (resolve = r));
  let left = count;
  return { done, tick: () => (--left === 0 ? resolve() : undefined) };
}

let keyCounter = 0;
const newKey = () => `coupon-key-${String(++keyCounter).padStart(8, '0')}`;

// --- Data -------------------------------------------------------------------------------------------

async function importKind(kind: string, records: object[]) {
  const report = await world.backend.imports.importRecords(
    kind as 'serials',
    records.map((data, i) => ({ line: i + 1, data })),
  );
  expect(report.errors).toEqual([]);
  return report;
}

type CardSpec = {
  status?: string;
  contract?: boolean;
  retailerId?: string;
  product?: (typeof PRODUCTS)[number];
  validUntil?: string;
  soldOffline?: boolean;
  serial?: string;
};
let serialCounter = 0;
const nextSerial = () => `71${String(++serialCounter).padStart(14, '0')}`;

/** Imports one card per spec (one import call), each on a fresh serial unless it names one. */
async function cards(specs: CardSpec[]): Promise<string[]> {
  const serials = specs.map((s) => s.serial ?? nextSerial());
  await importKind(
    'serials',
    specs.map((s, i) => {
      const product = s.product ?? (s.contract ? PLAN : GIFT);
      return {
        serialFrom: serials[i],
        ean: product.ean,
        eanSecond: product.eanSecond,
        contract: s.contract ?? false,
        retailerId: s.retailerId ?? OWN,
        ...(s.status ? { status: s.status } : {}),
        ...(s.validUntil ? { validUntil: s.validUntil } : {}),
        ...(s.soldOffline ? { soldOffline: true } : {}),
      };
    }),
  );
  return serials;
}
const card = async (spec: CardSpec = {}) => (await cards([spec]))[0]!;

/** Every item under a partition key, in key order (a serial: its cards and transactions). */
const itemsOf = async (pk: string) =>
  (await queryAll(world.backend.db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }))
    .items;
const partition = (serial: string) => itemsOf(`SERIAL#${serial}`);
/** The card's item and its bookings (transaction rows of the serial, ADR 032), in booking order. */
async function stored(serial: string, cardEan = GIFT.ean) {
  const items = await partition(serial);
  const cardItem = items.find((i) => i.sk === `CARD#${cardEan}`);
  const txs = (await serialWithTransactions(world.backend.db, serial)).transactions
    .filter((t) => t.ean === cardEan)
    .sort((a, b) => a.version - b.version);
  return { card: cardItem, txs };
}
const idempotencyItems = (username: string) => itemsOf(`COUPONIDEM#${username}`);

const stateName = (s: CardState) => `${s.contract ? 'contract ' : ''}${s.status}`;
const productOfState = (s: CardState) => (s.contract ? PLAN : GIFT);

/** Every status × action of core's tables, with the decision. */
const ALL_PAIRS = [
  ...STORED_COUPON_STATUSES.map((status): CardState => ({ contract: false, status })),
  ...CONTRACT_COUPON_STATUSES.map((status): CardState => ({ contract: true, status })),
].flatMap((from) => COUPON_ACTIONS.map((action) => ({ from, action, decision: decideAction(from, action) })));
const ALLOWED = ALL_PAIRS.filter((p) => p.decision.allowed);
const REFUSED = ALL_PAIRS.filter((p) => !p.decision.allowed);
type Pair = (typeof ALL_PAIRS)[number];
const pairName = (from: CardState, action: string) => `${stateName(from)} ${action}`;
/** One fresh card per pair in the pair's start state, made before the describe's tests: answers a pair's card. */
function cardPerPair(pairs: readonly Pair[]) {
  const serialOf = new Map<string, string>();
  beforeAll(async () => {
    const serials = await cards(pairs.map(({ from }) => ({ status: from.status, contract: from.contract })));
    pairs.forEach((p, i) => serialOf.set(pairName(p.from, p.action), serials[i]!));
  });
  return (from: CardState, action: string) => serialOf.get(pairName(from, action))!;
}
/** it.each's rows of pairs: the start state's name, the action, the pair. */
const rowsOf = (pairs: readonly Pair[]) => pairs.map((p) => [stateName(p.from), p.action, p] as const);

beforeAll(async () => {
  await world.start();
  await importKind(
    'accounts',
    Object.entries(USERS).map(([username, u]) => ({
      username,
      password: PASSWORD,
      email: `${username}@example.com`,
      firstname: u.firstname,
      surname: u.surname,
      customerId: u.customerId,
      securityFlag: u.securityFlag,
      passwordExpiry: '2030-01-01T00:00:00.000Z',
      timezone: 'timezone' in u ? u.timezone : 'Europe/Berlin',
      modules: { ordering: { permissions: u.permissions, settings: 1 } },
    })),
  );
  await importKind('customerGroups', [{ customerGroupId: 'G-C', name: 'Coupon group' }]);
  await importKind('retailers', [
    { customerId: OWN, name: RETAILER_NAMES[OWN], groupId: 'G-C' },
    { customerId: SISTER, name: RETAILER_NAMES[SISTER], groupId: 'G-C' },
    { customerId: FOREIGN, name: RETAILER_NAMES[FOREIGN] },
  ]);
  await importKind(
    'products',
    PRODUCTS.map((p) => ({
      productId: p.productId,
      inventoryProductId: `I-${p.productId}`,
      ean: p.ean,
      sku: `SKU-${p.productId}`,
      name: p.name,
      company: p.company,
      faceValue: p.faceValue,
    })),
  );
  for (const username of Object.keys(USERS) as (keyof typeof USERS)[]) cookies[username] = await signIn(username);
}, 60_000);

// --- The life cycle through the API --------------------------------------------------------------------

describe('the life cycle table of core', () => {
  it('has the 22 allowed and 28 refused status × action pairs of ADR 016', () => {
    expect(ALLOWED).toHaveLength(22);
    expect(REFUSED).toHaveLength(28);
    for (const { from, action, decision } of ALL_PAIRS) {
      const to = from.contract ? CONTRACT_TRANSITIONS[from.status][action] : COUPON_TRANSITIONS[from.status][action];
      expect(decision.allowed ? decision.to.status : undefined).toBe(to);
    }
  });

  describe('every allowed action books', () => {
    const cardOf = cardPerPair(ALLOWED);

    it.each(rowsOf(ALLOWED))('%s × %s → 201', async (_name, _action, { from, action, decision }) => {
      if (!decision.allowed) throw new Error('unreachable');
      const serial = cardOf(from, action);
      const product = productOfState(from);
      const at = clock.toISOString();
      const answer = await answerOf(await act(serial, action, { ean: product.ean, terminalId: 'TERM_01' }));

      const to = decision.to.status;
      expect(answer.booked).toBe(true);
      expect(answer.card).toEqual({
        serial,
        ean: product.ean,
        eanSecond: product.eanSecond,
        productId: product.productId,
        productName: product.name,
        contract: from.contract,
        couponingStatus: to,
        serialStatus: serialStatusOf({ ...decision.to, validUntil: null, soldOffline: false }, TODAY),
        retailerId: OWN,
        retailerName: RETAILER_NAMES[OWN],
        validUntil: null,
        brand: product.company,
        faceValue: product.faceValue,
      });
      expect(answer.transactions).toEqual([
        {
          transactionId: `P-${serial}-${product.ean}-00000001`,
          at,
          terminalId: 'TERM_01',
          type: action,
          ean: product.ean,
          resultCode: 0,
          status: to,
          by: displayName('full'),
        },
      ]);
      // Imported cards carry no booking; activate and redeem book theirs.
      expect(answer.activation).toEqual(action === 'activate' ? { at, terminalId: 'TERM_01' } : null);
      expect(answer.redemption).toEqual(action === 'redeem' ? { at, terminalId: 'TERM_01' } : null);
      expect(answer.actions).toEqual(
        COUPON_ACTIONS.map((a) => {
          const next = decideAction(decision.to, a);
          return next.allowed
            ? { action: a, allowed: true, reason: null, reasonCode: null }
            : { action: a, allowed: false, reason: next.reason, reasonCode: next.reasonCode };
        }),
      );

      // Stored: the card at version 1 and exactly one transaction record.
      const { card: item, txs } = await stored(serial, product.ean);
      expect(item).toMatchObject({ status: to, version: 1, updatedAt: at, activation: answer.activation, redemption: answer.redemption });
      expect(txs).toHaveLength(1);
      expect(txs[0]).toMatchObject({
        transactionId: `P-${serial}-${product.ean}-00000001`,
        txType: action,
        terminalId: 'TERM_01',
        status: to,
        resultCode: 0,
        version: 1,
        byUsername: 'full',
      });

      // The details screen shows the same card afterwards.
      const shown = await details(serial, { ean: product.ean });
      expect(shown.status).toBe(200);
      const { booked: _booked, ...rest } = answer;
      expect(SerialDetails.parse(await readJson(shown))).toEqual(rest);
    });
  });

  describe('every refused action answers 409 with the reason and writes nothing', () => {
    const cardOf = cardPerPair(REFUSED);

    it.each(rowsOf(REFUSED))('%s × %s → 409', async (_name, _action, { from, action, decision }) => {
      if (decision.allowed) throw new Error('unreachable');
      const serial = cardOf(from, action);
      const product = productOfState(from);
      const before = await partition(serial);
      const key = newKey();
      await expectError(await act(serial, action, { ean: product.ean, key }), 409, 'COUPON.TRANSITION_NOT_ALLOWED', decision.reason);
      expect(await partition(serial)).toEqual(before);
      expect((await stored(serial, product.ean)).txs).toEqual([]);
      expect((await idempotencyItems('full')).filter((i) => i.sk === key)).toEqual([]);
      // The details screen offers the action with the same verdict.
      const shown = SerialDetails.parse(await readJson(await details(serial, { ean: product.ean })));
      expect(shown.actions.find((a) => a.action === action)).toEqual({
        action,
        allowed: false,
        reason: decision.reason,
        reasonCode: decision.reasonCode,
      });
    });
  });

  it('keeps a card history: activate, void, activate again, redeem; bookings are the latest ones', async () => {
    const serial = await card();
    const steps: [CouponAction, string][] = [
      ['activate', 'T-A'],
      ['void', 'T-B'],
      ['activate', 'T-C'],
      ['check', 'T-D'],
      ['redeem', 'T-E'],
    ];
    const times: string[] = [];
    let answer: CouponActionAnswer | undefined;
    for (const [i, [action, terminalId]] of steps.entries()) {
      clock = new Date(`${TODAY}T02:0${i}:00Z`);
      times.push(clock.toISOString());
      answer = await answerOf(await act(serial, action, { terminalId }));
    }
    clock = new Date(`${TODAY}T02:00:00Z`);
    expect(answer!.card.couponingStatus).toBe('redeemed');
    expect(answer!.activation).toEqual({ at: times[2], terminalId: 'T-C' });
    expect(answer!.redemption).toEqual({ at: times[4], terminalId: 'T-E' });
    // Newest first, each with the status after it.
    expect(answer!.transactions.map((t) => [t.type, t.terminalId, t.status, t.at])).toEqual([
      ['redeem', 'T-E', 'redeemed', times[4]],
      ['check', 'T-D', 'activated', times[3]],
      ['activate', 'T-C', 'activated', times[2]],
      ['void', 'T-B', 'voided', times[1]],
      ['activate', 'T-A', 'activated', times[0]],
    ]);
    expect(new Set(answer!.transactions.map((t) => t.transactionId)).size).toBe(5);
    const { card: item, txs } = await stored(serial);
    expect(item).toMatchObject({ version: 5, status: 'redeemed' });
    expect(txs.map((t) => t.version)).toEqual([1, 2, 3, 4, 5]);
    // Redeemed is final: only check remains.
    expect(answer!.actions.filter((a) => a.allowed).map((a) => a.action)).toEqual(['check']);
  });

  it('an offline sale shows sold/offline until the card is activated online again', async () => {
    const serial = await card({ status: 'Activated', soldOffline: true });
    const row = async () => SerialCheckAnswer.parse(await readJson(await query([serial]))).results[0]!;
    expect((await row()).serialStatus).toBe('soldOffline');
    await answerOf(await act(serial, 'void'));
    expect((await row()).serialStatus).toBe('voided');
    await answerOf(await act(serial, 'activate'));
    expect((await row()).serialStatus).toBe('sold');
    expect((await stored(serial)).card).toMatchObject({ soldOffline: false, version: 2 });
  });

  it('a deactivation and a void carry the terminal and EAN given (SPEC 7 deactivation payload)', async () => {
    const serial = await card({ status: 'activated', product: GAME });
    const answer = await answerOf(await act(serial, 'deactivate', { ean: GAME.ean, terminalId: 'Kasse-7_b' }));
    expect(answer.transactions[0]).toMatchObject({ type: 'deactivate', ean: GAME.ean, terminalId: 'Kasse-7_b', status: 'deactivated' });
  });
});

// --- Races ------------------------------------------------------------------------------------------

describe('concurrency', () => {
  const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();

  it('two parallel deactivations: one books, the other answers "already deactivated"', async () => {
    const serial = await card({ status: 'activated' });
    const responses = await Promise.all([
      act(serial, 'deactivate', { terminalId: 'T-1' }),
      act(serial, 'deactivate', { terminalId: 'T-2' }),
    ]);
    expect(statuses(responses)).toEqual([201, 409]);
    const loser = responses.find((r) => r.status === 409)!;
    await expectError(loser, 409, 'COUPON.TRANSITION_NOT_ALLOWED', 'The coupon is already deactivated.');
    const { card: item, txs } = await stored(serial);
    expect(item).toMatchObject({ status: 'deactivated', version: 1 });
    expect(txs).toHaveLength(1);
  });

  it('ten parallel voids: exactly one books', async () => {
    const serial = await card({ status: 'activated' });
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => act(serial, 'void', { terminalId: `T-${i}` })));
    expect(statuses(responses)).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const res of responses.filter((r) => r.status === 409)) {
      await expectError(res, 409, 'COUPON.TRANSITION_NOT_ALLOWED', 'The coupon is already voided.');
    }
    const winner = await answerOf(responses.find((r) => r.status === 201)!);
    const { card: item, txs } = await stored(serial);
    expect(item).toMatchObject({ status: 'voided', version: 1 });
    expect(txs).toHaveLength(1);
    expect(txs[0]!.terminalId).toBe(winner.transactions[0]!.terminalId);
  });

  it('a void racing a redeem: exactly one wins and the other is refused for the winner’s status', async () => {
    const serials = await cards(Array.from({ length: 6 }, () => ({ status: 'activated' })));
    await Promise.all(
      serials.map(async (serial) => {
        const [voided, redeemed] = await Promise.all([act(serial, 'void'), act(serial, 'redeem')]);
        expect([voided.status, redeemed.status].sort()).toEqual([201, 409]);
        const { card: item, txs } = await stored(serial);
        expect(txs).toHaveLength(1);
        expect(item!.version).toBe(1);
        if (voided.status === 201) {
          expect(item!.status).toBe('voided');
          await expectError(
            redeemed,
            409,
            'COUPON.TRANSITION_NOT_ALLOWED',
            'Only an activated coupon can be redeemed; this one is voided.',
          );
        } else {
          expect(item!.status).toBe('redeemed');
          await expectError(voided, 409, 'COUPON.TRANSITION_NOT_ALLOWED', 'The coupon is redeemed and cannot be voided.');
        }
      }),
    );
  });

  it('each booking answers the card right after it, even when other bookings follow at once', async () => {
    const serial = await card({ status: 'activated' });
    // Check never changes the status, so all twelve book; each answer must end with its own record.
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => act(serial, 'check', { terminalId: `T-C${i}` })));
    const versions = new Set<number>();
    for (const [i, res] of responses.entries()) {
      const answer = await answerOf(res);
      expect(answer.transactions[0]).toMatchObject({ type: 'check', terminalId: `T-C${i}` });
      expect(answer.transactionCount).toBe(answer.transactions.length);
      versions.add(answer.transactionCount);
    }
    expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('answers void / activate rounds with the status each booking left', async () => {
    const serial = await card({ status: 'activated' });
    for (let round = 0; round < 3; round += 1) {
      const responses = await Promise.all([act(serial, 'void', { terminalId: 'T-V' }), act(serial, 'activate', { terminalId: 'T-A' })]);
      for (const res of responses.filter((r) => r.status === 201)) {
        const answer = await answerOf(res);
        expect(answer.card.couponingStatus).toBe(answer.transactions[0]!.status);
        expect(answer.card.couponingStatus).toBe(answer.transactions[0]!.type === 'void' ? 'voided' : 'activated');
      }
    }
  });

  it('property: parallel batches of actions leave a history that replays through the table (version = records)', async () => {
    const startStates = [
      ...STORED_COUPON_STATUSES.map((status): CardState => ({ contract: false, status })),
      ...CONTRACT_COUPON_STATUSES.map((status): CardState => ({ contract: true, status })),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...startStates),
        fc.array(fc.array(fc.constantFrom(...COUPON_ACTIONS), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }),
        async (start, batches) => {
          const product = productOfState(start);
          const serial = await card({ status: start.status, contract: start.contract });
          let booked = 0;
          for (const batch of batches) {
            const responses = await Promise.all(batch.map((action, i) => act(serial, action, { ean: product.ean, terminalId: `T-${i}` })));
            for (const res of responses) {
              if (res.status === 201) {
                booked += 1;
                expect((await answerOf(res)).booked).toBe(true);
              } else {
                await expectError(res, 409, 'COUPON.TRANSITION_NOT_ALLOWED');
              }
            }
          }
          const { card: item, txs } = await stored(serial, product.ean);
          expect(txs.map((t) => t.version)).toEqual(Array.from({ length: booked }, (_, i) => i + 1));
          expect(item!.version).toBe(booked);
          let state = start;
          for (const tx of txs) {
            const decision = decideAction(state, tx.txType as CouponAction);
            expect(decision.allowed, `${stateName(state)} × ${tx.txType as string}`).toBe(true);
            if (!decision.allowed) return;
            expect(tx.status).toBe(decision.to.status);
            state = decision.to;
          }
          expect(item!.status).toBe(state.status);
        },
      ),
      { numRuns: 12, seed: 20_261_121 },
    );
  }, 40_000);
});

describe('a long history', () => {
  it('shows the newest 100 transactions and counts them all', async () => {
    const serial = await card({ status: 'activated' });
    const account = (await getAccount(world.backend.db, 'full'))!;
    const actor = actorFor(account, { method: 'password' });
    for (let i = 1; i <= 103; i += 1) await world.backend.couponing.act(actor, serial, 'check', { ean: GIFT.ean, terminalId: `T-${i}` });
    const shown = SerialDetails.parse(await readJson(await details(serial, { ean: GIFT.ean })));
    expect(shown.transactionCount).toBe(103);
    expect(shown.transactions).toHaveLength(100);
    expect(shown.transactions[0]!.terminalId).toBe('T-103');
    expect(shown.transactions[99]!.terminalId).toBe('T-4');
  });
});

describe('bookings are transactions (ADR 032)', () => {
  it("shows each booking in the retailer's connect transactions, counted in its day, with the product's face value", async () => {
    const serial = await card({ status: 'notReady' });
    const account = (await getAccount(world.backend.db, 'full'))!;
    const actor = actorFor(account, { method: 'password' });
    const reader = {
      ...actor,
      access: { ...actor.access, modules: { ...actor.access.modules, payment: { permissions: { transactions: true }, settings: {} } } },
    } as typeof actor;
    const query = { customerId: OWN, startDate: TODAY, endDate: TODAY, index: 0, maxResults: 25 as const, serial };
    const before = await world.backend.transactions.list(reader, { ...query, serial: undefined }, 'UTC');
    await world.backend.couponing.act(actor, serial, 'activate', { ean: GIFT.ean, terminalId: 'T-TX' });
    await world.backend.couponing.act(actor, serial, 'check', { ean: GIFT.ean, terminalId: 'T-TX' });
    const page = await world.backend.transactions.list(reader, query, 'UTC');
    expect(
      page.items.map((t) => [t.transactionId, t.type, t.amount, t.currency, t.terminalId, t.source, t.by, t.productName, t.result]),
    ).toEqual([
      [`P-${serial}-${GIFT.ean}-00000002`, 'balance-inquiry', 0, 'EUR', 'T-TX', 'portal', displayName('full'), GIFT.name, 'approved'],
      [`P-${serial}-${GIFT.ean}-00000001`, 'activation', 2500, 'EUR', 'T-TX', 'portal', displayName('full'), GIFT.name, 'approved'],
    ]);
    // Couponing's own attributes of the row (who booked by username, the card version) are not answered.
    expect(Object.keys(page.items[0]!).sort()).toEqual([
      'amount',
      'at',
      'by',
      'currency',
      'customerId',
      'customerName',
      'ean',
      'key',
      'productId',
      'productName',
      'result',
      'resultCode',
      'serial',
      'source',
      'storeId',
      'terminalId',
      'transactionId',
      'type',
    ]);
    // The day's summaries counted both (the list's totalCount without a serial comes from them).
    const after = await world.backend.transactions.list(reader, { ...query, serial: undefined }, 'UTC');
    expect(after.totalCount).toBe(before.totalCount + 2);
    expect(
      (await world.backend.transactions.list(reader, { ...query, serial: undefined, type: 'activation', terminalId: 'T-TX' }, 'UTC'))
        .totalCount,
    ).toBe(1);
  });
});

// --- Idempotency-Key --------------------------------------------------------------------------------

describe('Idempotency-Key', () => {
  it('the same key and request answers 200 booked:false with the card as it is now, and books nothing', async () => {
    const serial = await card();
    const key = newKey();
    const first = await answerOf(await act(serial, 'activate', { key }), 201);
    expect(first.booked).toBe(true);
    const replay = await answerOf(await act(serial, 'activate', { key }), 200);
    expect(replay).toEqual({ ...first, booked: false });
    expect((await stored(serial)).txs).toHaveLength(1);
    // After another change the replay shows the card now, still without booking.
    await answerOf(await act(serial, 'deactivate'));
    const later = await answerOf(await act(serial, 'activate', { key }), 200);
    expect(later).toMatchObject({ booked: false, card: { couponingStatus: 'deactivated' } });
    expect((await stored(serial)).txs).toHaveLength(2);
    const record = (await idempotencyItems('full')).find((i) => i.sk === key);
    expect(record).toMatchObject({ serial, ean: GIFT.ean, expiresAt: Math.floor(clock.getTime() / 1000) + 24 * 60 * 60 });
  });

  it('the same key with another request answers 409 IDEMPOTENCY.KEY_REUSED and writes nothing', async () => {
    const [serial, otherSerial] = await cards([{ status: 'activated' }, { status: 'activated' }]);
    const key = newKey();
    await answerOf(await act(serial!, 'check', { key, terminalId: 'T-1' }));
    const before = [await partition(serial!), await partition(otherSerial!)];
    for (const call of [
      act(serial!, 'check', { key, terminalId: 'T-2' }),
      act(serial!, 'void', { key, terminalId: 'T-1' }),
      act(otherSerial!, 'check', { key, terminalId: 'T-1' }),
    ]) {
      await expectError(await call, 409, 'IDEMPOTENCY.KEY_REUSED');
    }
    expect([await partition(serial!), await partition(otherSerial!)]).toEqual(before);
  });

  it('parallel retries of one request with one key book once', async () => {
    const serial = await card({ status: 'activated' });
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 5 }, () => act(serial, 'redeem', { key })));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    for (const res of responses) {
      const answer = await answerOf(res, res.status);
      expect(answer.booked).toBe(res.status === 201);
      expect(answer.card.couponingStatus).toBe('redeemed');
    }
    expect((await stored(serial)).txs).toHaveLength(1);
  });

  it('a retry that sees the booked card but read no idempotency record yet answers the booking, not a refusal', async () => {
    // The retry's two reads run in parallel: its idempotency read misses the record, then its card read
    // sees the first request's booking. Forced here: the booking waits for both idempotency reads, the
    // second card read waits for the booking.
    const serial = await card({ status: 'activated' });
    const key = newKey();
    const idempotencyReads = deferredCount(2);
    const booked = deferredCount(1);
    let cardReads = 0;
    const name = 'interleaveRetries';
    world.backend.db.doc.middlewareStack.add(
      (next, context) => async (args) => {
        const input = JSON.stringify(args.input);
        const command = String(context.commandName);
        if (command.startsWith('Query') && input.includes(serial) && ++cardReads === 2) await booked.done;
        if (command.startsWith('TransactWrite') && input.includes(serial)) await idempotencyReads.done;
        const result = await next(args);
        if (command.startsWith('Get') && input.includes('COUPONIDEM#')) idempotencyReads.tick();
        if (command.startsWith('TransactWrite') && input.includes(serial)) booked.tick();
        return result;
      },
      { step: 'initialize', name },
    );
    try {
      const responses = await Promise.all([act(serial, 'redeem', { key }), act(serial, 'redeem', { key })]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 201]);
      for (const res of responses) expect((await answerOf(res, res.status)).card.couponingStatus).toBe('redeemed');
    } finally {
      world.backend.db.doc.middlewareStack.remove(name);
    }
    expect((await stored(serial)).txs).toHaveLength(1);
  });

  it('a refused request does not use up its key; keys are per user; an expired key books again', async () => {
    const serial = await card({ status: 'activated' });
    const key = newKey();
    await expectError(await act(serial, 'activate', { key }), 409, 'COUPON.TRANSITION_NOT_ALLOWED');
    await answerOf(await act(serial, 'check', { key }), 201);
    // Another user's key space: the same key books for the group user.
    await answerOf(await act(serial, 'check', { key, user: 'group' }), 201);
    expect((await stored(serial)).txs).toHaveLength(2);
    // 24 hours later the key counts as absent (TTL deletion may lag) and books again.
    const saved = clock;
    try {
      clock = new Date(saved.getTime() + 24 * 60 * 60 * 1000 + 1000);
      const cookie = await signIn('full');
      const res = await world.app.request(`/api/serial-number-check/${serial}/check`, {
        method: 'POST',
        headers: { 'X-Portal': 'ordering', 'Content-Type': 'application/json', Cookie: cookie, 'Idempotency-Key': key },
        body: JSON.stringify({ ean: GIFT.ean, terminalId: 'T-1' }),
      });
      expect((await answerOf(res, 201)).booked).toBe(true);
    } finally {
      clock = saved;
    }
    expect((await stored(serial)).txs).toHaveLength(3);
  });

  it('a malformed key answers 400', async () => {
    const serial = await card();
    const body = await expectError(await act(serial, 'check', { key: 'short' }), 400, 'REQUEST.VALIDATION_FAILED');
    expect(body.issues).toEqual([{ path: 'idempotency-key', message: expect.any(String) }]);
    expect((await stored(serial)).txs).toHaveLength(0);
  });
});

// --- Permissions ------------------------------------------------------------------------------------

describe('permissions (per function)', () => {
  const STRONG_MESSAGE =
    'This section requires a higher authentication standard. Please activate multi-factor authentication for your account to access this section.';

  it('management only: check, activate and redeem; void and deactivate answer 403 and are not offered', async () => {
    const [fresh, sold] = await cards([{}, { status: 'activated' }]);
    const shown = SerialDetails.parse(await readJson(await details(sold!, { user: 'manage' })));
    expect(shown.actions.map((a) => a.action)).toEqual(['check', 'activate', 'redeem']);
    for (const action of ['void', 'deactivate']) {
      const before = await partition(sold!);
      await expectError(await act(sold!, action, { user: 'manage' }), 403, 'PERMISSION.DENIED');
      expect(await partition(sold!)).toEqual(before);
    }
    const answer = await answerOf(await act(fresh!, 'activate', { user: 'manage' }));
    expect(answer.transactions[0]!.by).toBe(displayName('manage'));
    expect(answer.actions.map((a) => a.action)).toEqual(['check', 'activate', 'redeem']);
    await answerOf(await act(sold!, 'redeem', { user: 'manage' }));
    await answerOf(await act(sold!, 'check', { user: 'manage' }));
  });

  it('cancellation only: void and deactivate book; query, details, status, check, activate and redeem answer 403', async () => {
    const [sold, fresh] = await cards([{ status: 'activated' }, {}]);
    const before = await partition(sold!);
    await expectError(await query([sold], 'cancel'), 403, 'PERMISSION.DENIED');
    await expectError(await details(sold!, { user: 'cancel' }), 403, 'PERMISSION.DENIED');
    await expectError(await couponingStatus(sold!, { user: 'cancel' }), 403, 'PERMISSION.DENIED');
    for (const action of ['check', 'activate', 'redeem']) {
      await expectError(await act(sold!, action, { user: 'cancel' }), 403, 'PERMISSION.DENIED');
    }
    expect(await partition(sold!)).toEqual(before);

    const voided = await answerOf(await act(sold!, 'void', { user: 'cancel' }));
    expect(voided).toMatchObject({ booked: true, card: { couponingStatus: 'voided' } });
    expect(voided.actions.map((a) => a.action)).toEqual(['void', 'deactivate']);
    expect(voided.transactions[0]).toMatchObject({ type: 'void', by: displayName('cancel') });
    const deactivated = await answerOf(await act(fresh!, 'deactivate', { user: 'cancel' }));
    expect(deactivated.card.couponingStatus).toBe('deactivated');
    expect((await stored(fresh!)).txs).toHaveLength(1);
  });

  /** Every couponing call (query, details, status, each action) by `user` answers the same error and books nothing. */
  async function everyCallRefused(user: User, status: number, code: string, message?: string) {
    const serial = await card({ status: 'activated' });
    const before = await partition(serial);
    await expectError(await query([serial], user), status, code, message);
    await expectError(await details(serial, { user }), status, code, message);
    await expectError(await couponingStatus(serial, { user }), status, code, message);
    for (const action of COUPON_ACTIONS) await expectError(await act(serial, action, { user }), status, code, message);
    expect(await partition(serial)).toEqual(before);
  }

  it('without strong authentication every call answers 403 AUTH.STRONG_AUTHENTICATION_REQUIRED', async () => {
    await everyCallRefused('weak', 403, 'AUTH.STRONG_AUTHENTICATION_REQUIRED', STRONG_MESSAGE);
  });

  it('without either couponing permission every call answers 403', async () => {
    await everyCallRefused('orders', 403, 'PERMISSION.DENIED');
  });

  it('not signed in every call answers 401', async () => {
    await everyCallRefused('anonymous', 401, 'AUTH.REQUIRED');
    // Even an invalid request: authentication comes first.
    await expectError(await act('x', 'nonsense', { user: 'anonymous', body: {} }), 401, 'AUTH.REQUIRED');
  });
});

// --- Per object -------------------------------------------------------------------------------------

describe('object level: cards of other retailers are absent', () => {
  /** The whole answer (status and body) of each call for a serial, for comparing two serials. */
  async function answers(serial: string, eanOfCard: string) {
    const out: unknown[] = [];
    const record = async (res: Response) => out.push([res.status, await readJson(res)]);
    await record(await details(serial));
    await record(await details(serial, { ean: eanOfCard }));
    await record(await couponingStatus(serial));
    await record(await couponingStatus(serial, { ean: eanOfCard }));
    for (const action of COUPON_ACTIONS) await record(await act(serial, action, { ean: eanOfCard }));
    const rows = SerialCheckAnswer.parse(await readJson(await query([serial]))).results;
    out.push(rows.map((r) => ({ ...r, serial: 'S' })));
    return out;
  }

  it('a serial sold to another retailer answers exactly like one that does not exist', async () => {
    const foreign = await card({ status: 'activated', retailerId: FOREIGN });
    const missing = nextSerial();
    const before = await partition(foreign);
    const seen = await answers(foreign, GIFT.ean);
    expect(seen).toEqual(await answers(missing, GIFT.ean));
    expect(seen[0]).toEqual([404, { code: 'SERIAL.NOT_FOUND', message: 'No card with this serial number was found.' }]);
    expect(seen.at(-1)).toEqual([{ serial: 'S', serialStatus: 'notFound', cards: [] }]);
    expect(await partition(foreign)).toEqual(before);
    // Its own retailer sees and acts on it.
    const shown = SerialDetails.parse(await readJson(await details(foreign, { user: 'other' })));
    expect(shown.card).toMatchObject({ retailerId: FOREIGN, retailerName: RETAILER_NAMES[FOREIGN] });
    await answerOf(await act(foreign, 'void', { user: 'other' }));
  });

  it('a group user sees the cards of every retailer of the group in one query, and no others', async () => {
    const [own, sister, foreign] = await cards([
      { status: 'activated', retailerId: OWN },
      { status: 'notReady', retailerId: SISTER },
      { status: 'activated', retailerId: FOREIGN },
    ]);
    const rows = SerialCheckAnswer.parse(await readJson(await query([own, sister, foreign], 'group'))).results;
    expect(rows.map((r) => [r.serial, r.serialStatus, r.cards.length])).toEqual([
      [own, 'sold', 1],
      [sister, 'available', 1],
      [foreign, 'notFound', 0],
    ]);
    const shown = SerialDetails.parse(await readJson(await details(sister!, { user: 'group' })));
    expect(shown.card).toMatchObject({ retailerId: SISTER, retailerName: RETAILER_NAMES[SISTER] });
    await answerOf(await act(sister!, 'activate', { user: 'group' }));
    await expectError(await act(foreign!, 'void', { user: 'group' }), 404, 'SERIAL.NOT_FOUND');
    // The retailer user of the group does not see its sister's cards.
    await expectError(await details(sister!), 404, 'SERIAL.NOT_FOUND');
    // A global user sees them all.
    const all = SerialCheckAnswer.parse(await readJson(await query([own, sister, foreign], 'global'))).results;
    expect(all.map((r) => r.cards.length)).toEqual([1, 1, 1]);
  });

  it('of a serial printed for two retailers, each sees only its own card', async () => {
    const serial = nextSerial();
    await cards([
      { serial, status: 'activated', product: GIFT, retailerId: OWN },
      { serial, status: 'voided', product: GAME, retailerId: FOREIGN },
    ]);
    const [row] = SerialCheckAnswer.parse(await readJson(await query([serial]))).results;
    expect(row).toMatchObject({ serialStatus: 'sold', cards: [{ ean: GIFT.ean, couponingStatus: 'activated' }] });
    expect(row!.cards).toHaveLength(1);
    expect(SerialDetails.parse(await readJson(await details(serial))).card.ean).toBe(GIFT.ean);
    await expectError(await details(serial, { ean: GAME.ean }), 404, 'SERIAL.NOT_FOUND');
    expect(CouponingStatusAnswer.parse(await readJson(await couponingStatus(serial)))).toEqual({
      serial,
      ean: GIFT.ean,
      couponingStatus: 'activated',
      label: 'Activated',
    });
    await expectError(await couponingStatus(serial, { ean: GAME.ean }), 404, 'SERIAL.NOT_FOUND');
    await expectError(await act(serial, 'activate', { ean: GAME.ean }), 404, 'SERIAL.NOT_FOUND');
    const [theirs] = SerialCheckAnswer.parse(await readJson(await query([serial], 'other'))).results;
    expect(theirs).toMatchObject({ serialStatus: 'voided', cards: [{ ean: GAME.ean }] });
    expect((await stored(serial, GAME.ean)).txs).toHaveLength(0);
  });
});

// --- Several cards on one serial ------------------------------------------------------------------------

describe('several cards carry one serial', () => {
  it('the query shows both, details and status need the EAN, actions touch only the chosen card', async () => {
    const serial = nextSerial();
    await cards([
      { serial, status: 'notReady', product: GIFT },
      { serial, status: 'activated', product: GAME },
    ]);
    const [row] = SerialCheckAnswer.parse(await readJson(await query([serial]))).results;
    expect(row).toEqual({
      serial,
      serialStatus: 'multipleResults',
      cards: [
        {
          serial,
          ean: GIFT.ean,
          eanSecond: GIFT.eanSecond,
          productId: GIFT.productId,
          productName: GIFT.name,
          contract: false,
          couponingStatus: 'notReady',
          serialStatus: 'available',
        },
        {
          serial,
          ean: GAME.ean,
          eanSecond: GAME.eanSecond,
          productId: GAME.productId,
          productName: GAME.name,
          contract: false,
          couponingStatus: 'activated',
          serialStatus: 'sold',
        },
      ],
    });
    const multiple = await expectError(await details(serial), 409, 'SERIAL.MULTIPLE_RESULTS');
    expect(multiple.issues).toEqual([{ path: 'ean', message: `One of: ${GIFT.ean}, ${GAME.ean}` }]);
    expect(SerialDetails.parse(await readJson(await details(serial, { ean: GAME.ean }))).card).toMatchObject({
      ean: GAME.ean,
      couponingStatus: 'activated',
    });
    await expectError(await details(serial, { ean: PLAN.ean }), 404, 'SERIAL.NOT_FOUND');

    expect(CouponingStatusAnswer.parse(await readJson(await couponingStatus(serial)))).toEqual({
      serial,
      ean: null,
      couponingStatus: 'unknown',
      label: COUPON_STATUS_LABELS.unknown,
    });
    expect(CouponingStatusAnswer.parse(await readJson(await couponingStatus(serial, { ean: GAME.ean })))).toEqual({
      serial,
      ean: GAME.ean,
      couponingStatus: 'activated',
      label: 'Activated',
    });
    expect(CouponingStatusAnswer.parse(await readJson(await couponingStatus(serial, { ean: GIFT.ean })))).toMatchObject({
      couponingStatus: 'notReady',
      label: 'Not ready',
    });

    // Acting on one card leaves the other as it was; each card's details show its own history.
    const gameBefore = (await stored(serial, GAME.ean)).card;
    const answer = await answerOf(await act(serial, 'activate', { ean: GIFT.ean }));
    expect(answer.card.ean).toBe(GIFT.ean);
    expect((await stored(serial, GAME.ean)).card).toEqual(gameBefore);
    await answerOf(await act(serial, 'redeem', { ean: GAME.ean }));
    const gift = SerialDetails.parse(await readJson(await details(serial, { ean: GIFT.ean })));
    const game = SerialDetails.parse(await readJson(await details(serial, { ean: GAME.ean })));
    expect(gift.transactions.map((t) => [t.type, t.ean])).toEqual([['activate', GIFT.ean]]);
    expect(game.transactions.map((t) => [t.type, t.ean])).toEqual([['redeem', GAME.ean]]);
    expect(gift.redemption).toBeNull();
    expect(game.activation).toBeNull();
  });
});

// --- Query ------------------------------------------------------------------------------------------

describe('POST /api/serial-number-check', () => {
  it('shows every serial status (SPEC 4) of the cards', async () => {
    const yesterday = '2026-11-20';
    const specs: [CardSpec, string][] = [
      [{}, 'available'],
      [{ status: 'Activated' }, 'sold'],
      [{ status: 'activated', soldOffline: true }, 'soldOffline'],
      [{ status: 'Voided' }, 'voided'],
      [{ status: 'redeemed' }, 'redeemed'],
      [{ status: 'Deactivated' }, 'locked'],
      [{ status: 'failed' }, 'locked'],
      [{ contract: true }, 'reserved'],
      [{ contract: true, status: 'Issued' }, 'notRedeemed'],
      [{ contract: true, status: 'redeemed' }, 'redeemed'],
      [{ contract: true, status: 'voided' }, 'voided'],
      [{ validUntil: yesterday }, 'expired'],
      [{ status: 'activated', validUntil: yesterday }, 'expired'],
      [{ contract: true, status: 'issued', validUntil: yesterday }, 'expired'],
      [{ status: 'activated', validUntil: TODAY }, 'sold'],
      [{ status: 'redeemed', validUntil: yesterday }, 'redeemed'],
      [{ status: 'deactivated', validUntil: yesterday }, 'locked'],
    ];
    const serials = await cards(specs.map(([spec]) => spec));
    const { results } = SerialCheckAnswer.parse(await readJson(await query(serials)));
    expect(results.map((r) => r.serialStatus)).toEqual(specs.map(([, want]) => want));
    expect(results.map((r) => r.cards[0]!.serialStatus)).toEqual(specs.map(([, want]) => want));
  });

  it('expiry follows the user’s calendar day (Berlin is on the 21st, New York still on the 20th)', async () => {
    const serial = await card({ validUntil: '2026-11-20' });
    expect(SerialCheckAnswer.parse(await readJson(await query([serial]))).results[0]!.serialStatus).toBe('expired');
    expect(SerialCheckAnswer.parse(await readJson(await query([serial], 'ny'))).results[0]!.serialStatus).toBe('available');
  });

  it('answers 100 serials in input order, repeats once (also when written with spaces or hyphens)', async () => {
    const existing = await cards(
      Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? { status: 'activated' } : i % 3 === 1 ? {} : { contract: true })),
    );
    const missing = Array.from({ length: 30 }, () => nextSerial());
    // A deterministic shuffle of the 70 distinct serials, then 30 repeats spread among them.
    let seed = 11;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const distinct = [...existing, ...missing].sort(() => rand() - 0.5);
    const input = [...distinct];
    for (let i = 0; i < 30; i += 1) {
      const serial = distinct[Math.floor(rand() * distinct.length)]!;
      const written = i % 2 === 0 ? serial : `${serial.slice(0, 4)}-${serial.slice(4, 8)} ${serial.slice(8)}`;
      input.splice(Math.floor(rand() * input.length) + 1, 0, written);
    }
    expect(input).toHaveLength(MAX_SERIALS_PER_QUERY);
    const expectedOrder = [...new Set(input.map((s) => s.replace(/[\s-]/g, '')))];
    expect(expectedOrder).toHaveLength(70);

    const res = await query(input);
    expect(res.status).toBe(200);
    const { results } = SerialCheckAnswer.parse(await readJson(res));
    expect(results.map((r) => r.serial)).toEqual(expectedOrder);
    for (const row of results) {
      const i = existing.indexOf(row.serial);
      const want = i < 0 ? 'notFound' : i % 3 === 0 ? 'sold' : i % 3 === 1 ? 'available' : 'reserved';
      expect(row.serialStatus, row.serial).toBe(want);
      expect(row.cards).toHaveLength(i < 0 ? 0 : 1);
    }
  });

  it('takes exactly 100 distinct serials and refuses 101', async () => {
    const hundred = Array.from({ length: 100 }, () => nextSerial());
    const { results } = SerialCheckAnswer.parse(await readJson(await query(hundred)));
    expect(results.map((r) => r.serial)).toEqual(hundred);
    expect(results.every((r) => r.serialStatus === 'notFound')).toBe(true);
    const body = await expectError(await query([...hundred, nextSerial()]), 400, 'REQUEST.VALIDATION_FAILED');
    expect(body.issues).toEqual([{ path: 'serials', message: expect.any(String) }]);
  });
});

// --- Validation -------------------------------------------------------------------------------------

describe('validation: 400 with {code, message} and field issues, never 500', () => {
  const issuesOf = async (res: Response) => (await expectError(res, 400, 'REQUEST.VALIDATION_FAILED')).issues;

  it('a serial in the path must have 10 to 20 digits; spaces and hyphens are dropped', async () => {
    const serial = await card({ status: 'activated' });
    for (const bad of ['abc', '123456789', '1'.repeat(21), '12345678901x', '%20']) {
      const issue = [{ path: 'serial', message: SERIAL_FORMAT_MESSAGE }];
      expect(await issuesOf(await details(bad)), bad).toEqual(issue);
      expect(await issuesOf(await couponingStatus(bad)), bad).toEqual(issue);
      expect(await issuesOf(await act(bad, 'check')), bad).toEqual(issue);
    }
    const dashed = `${serial.slice(0, 4)}-${serial.slice(4, 10)}-${serial.slice(10)}`;
    expect(SerialDetails.parse(await readJson(await details(dashed))).card.serial).toBe(serial);
    expect((await answerOf(await act(encodeURIComponent(`${serial.slice(0, 8)} ${serial.slice(8)}`), 'check'))).card.serial).toBe(serial);
  });

  it('the query body needs 1 to 100 well-formed serials', async () => {
    expect(await issuesOf(await query(['7100000000000001', 'abc', '123']))).toEqual([
      { path: 'serials.1', message: SERIAL_FORMAT_MESSAGE },
      { path: 'serials.2', message: SERIAL_FORMAT_MESSAGE },
    ]);
    expect(await issuesOf(await query([]))).toEqual([{ path: 'serials', message: 'Enter at least one serial number.' }]);
    expect((await issuesOf(await query('7100000000000001')))![0]!.path).toBe('serials');
    expect((await issuesOf(await query([7100000000000001])))![0]!.path).toBe('serials.0');
    const noField = await world.app.request('/api/serial-number-check', { method: 'POST', headers: headers('full'), body: '{}' });
    expect((await issuesOf(noField))![0]!.path).toBe('serials');
    const notJson = await world.app.request('/api/serial-number-check', {
      method: 'POST',
      headers: headers('full'),
      body: '{"serials": [',
    });
    expect(notJson.status).toBe(400);
    expect(await readJson(notJson)).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('an action needs a valid EAN and terminal ID, and a known action', async () => {
    const serial = await card({ status: 'activated' });
    const before = await partition(serial);
    const eanIssue = { path: 'ean', message: 'An EAN has 8, 12, 13 or 14 digits with a valid check digit.' };
    const wrongCheckDigit = `${GIFT.ean.slice(0, 12)}${(Number(GIFT.ean[12]) + 1) % 10}`;
    expect(await issuesOf(await act(serial, 'void', { ean: wrongCheckDigit }))).toEqual([eanIssue]);
    expect(await issuesOf(await act(serial, 'void', { ean: '12345' }))).toEqual([eanIssue]);
    expect((await issuesOf(await act(serial, 'void', { body: { terminalId: 'T-1' } })))![0]!.path).toBe('ean');
    // An empty ID also fails the character rule: both issues are listed, the "enter" one first.
    for (const blank of ['', '   ']) {
      expect((await issuesOf(await act(serial, 'void', { terminalId: blank })))![0], JSON.stringify(blank)).toEqual({
        path: 'terminalId',
        message: 'Enter the terminal ID.',
      });
    }
    for (const [terminalId, message] of [
      ['T'.repeat(33), 'A terminal ID has at most 32 characters.'],
      ['T 1', 'A terminal ID has letters, digits, "-" and "_" only.'],
      ['T/1', 'A terminal ID has letters, digits, "-" and "_" only.'],
    ]) {
      expect(await issuesOf(await act(serial, 'void', { terminalId })), terminalId).toEqual([{ path: 'terminalId', message }]);
    }
    expect((await issuesOf(await act(serial, 'void', { body: { ean: GIFT.ean } })))![0]!.path).toBe('terminalId');
    expect((await issuesOf(await act(serial, 'void', { body: { ean: GIFT.ean, terminalId: 7 } })))![0]!.path).toBe('terminalId');
    for (const action of ['cancel', 'VOID', 'activate2']) {
      expect(
        (await issuesOf(await act(serial, action)))!.map((i) => i.path),
        action,
      ).toEqual(['action']);
    }
    expect(await partition(serial)).toEqual(before);
    // The longest terminal ID books, trimmed.
    const answer = await answerOf(await act(serial, 'check', { terminalId: ` ${'T'.repeat(32)} ` }));
    expect(answer.transactions[0]!.terminalId).toBe('T'.repeat(32));
  });

  it('an EAN in the query string must be valid', async () => {
    const serial = await card();
    for (const bad of ['', '123', `${GIFT.ean.slice(0, 12)}${(Number(GIFT.ean[12]) + 1) % 10}`]) {
      expect(
        (await issuesOf(await details(serial, { ean: bad })))!.map((i) => i.path),
        bad,
      ).toEqual(['ean']);
      expect(
        (await issuesOf(await couponingStatus(serial, { ean: bad })))!.map((i) => i.path),
        bad,
      ).toEqual(['ean']);
    }
  });

  it('property: no body, path or query string makes an action, a query or a read answer 5xx', async () => {
    const serial = await card({ status: 'activated' });
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.string({ maxLength: 30 }), fc.constantFrom(...COUPON_ACTIONS, 'x'), async (body, text, action) => {
        const responses = [
          await act(serial, action, { body }),
          await act(encodeURIComponent(text), action),
          await act(serial, action, { body: { ean: text, terminalId: text } }),
          await world.app.request('/api/serial-number-check', { method: 'POST', headers: headers('full'), body: JSON.stringify(body) }),
          await query([text]),
          await details(encodeURIComponent(text)),
          await couponingStatus(serial, { ean: text }),
        ];
        for (const res of responses) {
          expect(res.status).toBeLessThan(500);
          const answer = await readJson<Record<string, unknown>>(res);
          if (res.status >= 400) expect(answer).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        }
      }),
      { numRuns: 25, seed: 424_242 },
    );
  }, 40_000);
});

describe('GET /api/get-couponing-status', () => {
  it('answers the stored status and its label for plain and contract cards, 404 for none', async () => {
    const states: CardState[] = [
      ...STORED_COUPON_STATUSES.map((status): CardState => ({ contract: false, status })),
      ...CONTRACT_COUPON_STATUSES.map((status): CardState => ({ contract: true, status })),
    ];
    const serials = await cards(states.map((s) => ({ status: s.status, contract: s.contract })));
    for (const [i, state] of states.entries()) {
      const res = await couponingStatus(serials[i]!);
      expect(res.status).toBe(200);
      expect(CouponingStatusAnswer.parse(await readJson(res))).toEqual({
        serial: serials[i],
        ean: productOfState(state).ean,
        couponingStatus: state.status,
        label: statusLabel(state),
      });
    }
    await expectError(await couponingStatus(nextSerial()), 404, 'SERIAL.NOT_FOUND');
  });
});
