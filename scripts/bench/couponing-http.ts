/**
 * `npx tsx scripts/bench/couponing-http.ts [--retailer R-7001] [--scale large] [--seed 1] [--clients 20]
 *   [--cards 50] [--seconds 10] [--only check,details,actions,contention]`
 *
 * Couponing over HTTP against a running `npm start` (local mode, DynamoDB Local on disk) after
 * `npm run seed -- --scale large` (the generator's serial ranges, ADR 016):
 * (a) POST /api/serial-number-check with 100 serials of the retailer's generated ranges, 1 client, then
 *     --clients clients;
 * (b) GET /api/serial-number-check/:serial?ean= (details of one card), a seeded card without history, and
 *     after (d) the contended card with all its transactions;
 * (c) POST /api/serial-number-check/:serial/:action on distinct cards: --cards clients, each cycling
 *     activate → void on its own card;
 * (d) contention: --clients clients flipping ONE card (void/activate) for --seconds; counts 201s and 409s
 *     (by code) and verifies afterwards, from the table, that the card's version equals its number of
 *     transaction records, that the records form one legal chain of the life cycle, and that every 201 has
 *     exactly one record (each request books on its own terminal id) and no refused request has one.
 * Per route: requests/s, p50 and p99 latency, statuses; and the DynamoDB calls one request makes, counted
 * in this process by running the same service call on a backend whose client counts its calls (plus what
 * the API reads per request: the session and the account).
 *
 * The bench account (`bench.couponing`, a user of the retailer with couponingManagement +
 * couponingCancellation and a strong security flag) and the bench cards (serials 6000000000000001…, apart
 * from the demo's 7000… and the generator's 8…, one product of the retailer) are written through the
 * import path; cards that exist keep their status and history, so runs add to the same cards. Actions carry
 * a fresh Idempotency-Key each. The 100 serials of (a) are the generator's (same --scale and --seed as the
 * seed). Loopback only; every phase stops after --seconds (in-flight requests time out after 30 s) and the
 * whole run after 15 minutes. Environment: PORT (default 3000) as for `npm start`, or a stage's TABLE_NAME
 * etc. with BENCH_URL.
 */
import { benchSignIn, localPortal } from './local-portal.ts';
import { benchOptions } from './bench-options.ts';
import { closedLoop, type Outcome as HttpOutcome, printTable, type Row, skippedRow } from './http-table.ts';
import { countCalls } from '@portal/backend/platform/db';
import { randomUUID } from 'node:crypto';
import { XSSI_PREFIX } from '@portal/core/shared';
import { type CouponAction, decideAction, type CardState, COUPON } from '@portal/core/couponing';
import { serialWithTransactions, serialsOf } from '@portal/backend/couponing';
import { generateMasterData, generateSerials, type Scale, SCALES } from '../seed/generate.ts';

const {
  retailer: RETAILER,
  scale,
  seed: SEED,
  clients: CLIENTS,
  cards: CARDS,
  seconds: SECONDS,
  only,
} = benchOptions({
  retailer: 'R-7001',
  scale: 'large',
  seed: 1,
  clients: 20,
  cards: 50,
  seconds: 10,
  only: 'check,details,actions,contention',
});
const SCALE = scale as Scale;
if (!Object.hasOwn(SCALES, SCALE)) throw new Error(`--scale: small or large, not '${scale}'`);
const ONLY = new Set(only.split(','));
const USERNAME = 'bench.couponing';
const PASSWORD = 'Bench-Couponing-2026!';
const REQUEST_TIMEOUT_MS = 30_000;
const CHECK_SIZE = 100;
const BENCH_SERIAL = (n: number) => `6${String(n).padStart(15, '0')}`;

const { base: BASE, backend } = await localPortal();
const { counted } = countCalls(backend.db);

// --- The retailer's generated serials (the seed's, regenerated: deterministic for scale and seed) -----
const today = new Date().toISOString().slice(0, 10);
const generated = generateSerials(generateMasterData(SCALE, SEED), { scale: SCALE, seed: SEED, today }).serials.filter(
  (line) => line.retailerId === RETAILER,
);
if (!generated.length) throw new Error(`bench: the ${SCALE} seed ${SEED} has no serials of ${RETAILER}`);
const cardsBySerial = new Map<string, string[]>();
for (const line of generated) {
  for (const serial of serialsOf({
    serialFrom: String(line.serialFrom),
    serialTo: line.serialTo === undefined ? undefined : String(line.serialTo),
  })) {
    cardsBySerial.set(serial, [...(cardsBySerial.get(serial) ?? []), String(line.ean)]);
  }
}
const allSerials = [...cardsBySerial.keys()];
// 100 serials spread over the retailer's ranges, with up to five that are printed on two cards.
const doubles = allSerials.filter((s) => cardsBySerial.get(s)!.length > 1).slice(0, 5);
const step = Math.max(1, Math.floor(allSerials.length / (CHECK_SIZE - doubles.length)));
const checkSerials = [...new Set([...doubles, ...allSerials.filter((_, i) => i % step === 0)])].slice(0, CHECK_SIZE);
const plainLine = generated.find((line) => line.contract === false)!;
const BENCH_EAN = String(plainLine.ean);

// --- The bench account and cards, through the import path -------------------------------------------------
const { actor, headers, perRequest } = await benchSignIn(BASE, backend, counted, {
  username: USERNAME,
  password: PASSWORD,
  firstname: 'Bench',
  surname: 'Couponing',
  customerId: RETAILER,
  // medium: the higher authentication standard couponing needs (ADR 016).
  securityFlag: 16,
  // couponingManagement (check, activate, redeem) + couponingCancellation (void, deactivate).
  modules: { ordering: { permissions: 1 + 2 } },
});
const cardsReport = await backend.imports.importRecords('serials', [
  {
    line: 1,
    data: { serialFrom: BENCH_SERIAL(1), serialTo: BENCH_SERIAL(CARDS + 1), ean: BENCH_EAN, contract: false, retailerId: RETAILER },
  },
]);
if (cardsReport.errors.length) throw new Error(`bench cards: ${JSON.stringify(cardsReport.errors)}`);

// --- Load -----------------------------------------------------------------------------------------
/** An outcome with the mean answer size. */
type Outcome = HttpOutcome & { kb: number };
type Answer = { status: number; body: Record<string, unknown> | null; bytes: number };

const parse = (text: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(text.startsWith(XSSI_PREFIX) ? text.slice(XSSI_PREFIX.length) : text) as Record<string, unknown>;
  } catch {
    return null;
  }
};
async function send(path: string, init: { method?: string; body?: unknown; key?: boolean } = {}): Promise<Answer> {
  const res = await fetch(`${BASE}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...headers,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.key ? { 'Idempotency-Key': randomUUID() } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  return { status: res.status, body: parse(text), bytes: text.length };
}
/** The status as the table counts it: 409s by their code (TRANSITION_NOT_ALLOWED, BUSY...). */
const statusKey = (a: Answer) => (a.status >= 400 && typeof a.body?.code === 'string' ? `${a.status} ${a.body.code}` : String(a.status));

/**
 * `clients` loops, each sending one request after another until `seconds` have passed. `request(client)`
 * is timed; `seen(client, answer)` (untimed) lets a client keep state between its requests.
 */
async function load(
  clients: number,
  seconds: number,
  request: (client: number) => Promise<Answer>,
  seen?: (client: number, answer: Answer) => Promise<void> | void,
): Promise<Outcome> {
  let bytes = 0;
  const outcome = await closedLoop({ clients, seconds }, request, statusKey, (client, answer) => {
    bytes += answer.bytes;
    return seen?.(client, answer);
  });
  return { ...outcome, kb: outcome.requests ? bytes / outcome.requests / 1024 : NaN };
}

const rows: Row<Outcome>[] = [];
const notes: string[] = [];

/** The first request decides: 2xx runs the load, anything else is reported as 'skipped' with the answer. */
async function probe(name: string, request: () => Promise<Answer>): Promise<Record<string, unknown> | null> {
  const answer = await request();
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  rows.push(skippedRow(name, answer.status, answer.body));
  return null;
}

const callsText = (service: number) => `${service} + ${perRequest.calls}`;
const statusOf = async (serial: string, ean: string) =>
  (await send(`/api/get-couponing-status/${serial}?ean=${ean}`)).body?.couponingStatus as string | undefined;
/** The action that moves a card on in an activate → void cycle. */
const flip = (status: string | undefined): CouponAction => (status === 'activated' ? 'void' : 'activate');
const RESULT: Partial<Record<CouponAction, string>> = { activate: 'activated', void: 'voided' };

// (a) serial-number-check of 100 serials
if (ONLY.has('check')) {
  const check = () => send('/api/serial-number-check', { method: 'POST', body: { serials: checkSerials } });
  const name = `POST /api/serial-number-check, ${checkSerials.length} serials`;
  const body = await probe(name, check);
  if (body) {
    const results = body.results as { serialStatus: string; cards: unknown[] }[];
    const mix: Record<string, number> = {};
    for (const r of results) mix[r.serialStatus] = (mix[r.serialStatus] ?? 0) + 1;
    const cards = results.reduce((n, r) => n + r.cards.length, 0);
    notes.push(`check: ${results.length} serials, ${cards} cards; serial statuses ${JSON.stringify(mix)}`);
    if (mix.notFound) notes.push(`check: ${mix.notFound} serials not found — was the table seeded with --scale ${SCALE} --seed ${SEED}?`);
    const service = await counted(() => backend.couponing.check(actor, { serials: checkSerials }));
    rows.push({ name: `${name}, 1 client`, calls: callsText(service.calls), outcome: await load(1, SECONDS, check) });
    rows.push({ name: `${name}, ${CLIENTS} clients`, calls: callsText(service.calls), outcome: await load(CLIENTS, SECONDS, check) });
  }
}

// (b) details of one seeded card (no transactions: the import writes none)
const single = checkSerials.find((s) => cardsBySerial.get(s)!.length === 1)!;
const singleEan = cardsBySerial.get(single)![0]!;
async function detailsRows(serial: string, ean: string, label: string, clientCounts: number[], seconds: number) {
  const details = () => send(`/api/serial-number-check/${serial}?ean=${ean}`);
  const name = `GET /api/serial-number-check/${serial}?ean=…, ${label}`;
  if (!(await probe(name, details))) return;
  const service = await counted(() => backend.couponing.details(actor, serial, ean));
  for (const clients of clientCounts) {
    rows.push({
      name: `${name}, ${clients} client${clients > 1 ? 's' : ''}`,
      calls: callsText(service.calls),
      outcome: await load(clients, seconds, details),
    });
  }
}
if (ONLY.has('details')) {
  const { transactions } = await serialWithTransactions(backend.db, single);
  await detailsRows(single, singleEan, `seeded card, ${transactions.length} transactions`, [1, CLIENTS], SECONDS);
}

// (c) actions on distinct cards: each client cycles activate → void on its own card
let bookingCalls: number | null = null;
if (ONLY.has('actions')) {
  const serialOf = (client: number) => BENCH_SERIAL(client + 1);
  const state = await Promise.all(Array.from({ length: CARDS }, (_, client) => statusOf(serialOf(client), BENCH_EAN)));
  const act = (client: number) =>
    send(`/api/serial-number-check/${serialOf(client)}/${flip(state[client])}`, {
      method: 'POST',
      body: { ean: BENCH_EAN, terminalId: `BENCH-C${client}` },
      key: true,
    });
  const name = `POST /api/serial-number-check/:serial/activate|void`;
  if (await probe(name, () => act(0))) {
    state[0] = await statusOf(serialOf(0), BENCH_EAN);
    // The calls of one booking, counted in-process on the same card (then booked back).
    const action = flip(state[0]);
    const service = await counted(() =>
      backend.couponing.act(actor, serialOf(0), action, { ean: BENCH_EAN, terminalId: 'BENCH-COUNT' }, randomUUID()),
    );
    await backend.couponing.act(actor, serialOf(0), flip(service.result.card.couponingStatus), {
      ean: BENCH_EAN,
      terminalId: 'BENCH-COUNT',
    });
    bookingCalls = service.calls;
    const outcome = await load(CARDS, SECONDS, act, async (client, answer) => {
      state[client] =
        answer.status === 201
          ? (answer.body?.card as { couponingStatus: string }).couponingStatus
          : await statusOf(serialOf(client), BENCH_EAN);
    });
    const history = (await serialWithTransactions(backend.db, serialOf(0))).transactions.length;
    rows.push({
      name: `${name}, ${CARDS} clients on ${CARDS} cards (card 1: ${history} transactions after)`,
      calls: callsText(service.calls),
      outcome,
    });
  }
}

// (d) contention: CLIENTS clients flip ONE card; then the table must account for every 201
let contended: { serial: string; transactions: number } | null = null;
if (ONLY.has('contention')) {
  const serial = BENCH_SERIAL(CARDS + 1);
  const before = await serialWithTransactions(backend.db, serial);
  // The calls of a refused action (the life cycle says no after a fresh read); it writes nothing.
  const refusal = await counted(() =>
    backend.couponing
      .act(
        actor,
        serial,
        before.cards[0]?.status === 'activated' ? 'activate' : 'void',
        { ean: BENCH_EAN, terminalId: 'BENCH-COUNT' },
        randomUUID(),
      )
      .then(() => {
        throw new Error('bench: the refusal was booked');
      })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code !== COUPON.TRANSITION_NOT_ALLOWED) throw error;
      }),
  );
  const run = randomUUID().replace(/-/g, '').slice(0, 6);
  type Sent = { terminalId: string; action: CouponAction; key: string; own: number; shown: string | null };
  const sent: Sent[] = [];
  const belief: (string | undefined)[] = Array.from({ length: CLIENTS }, () => before.cards[0]?.status);
  const seq = Array.from({ length: CLIENTS }, () => 0);
  const last = new Map<number, { terminalId: string; action: CouponAction }>();
  const hammer = async (client: number) => {
    const action = flip(belief[client]);
    const terminalId = `B${run}-${client}-${(seq[client] = seq[client]! + 1)}`;
    last.set(client, { terminalId, action });
    return send(`/api/serial-number-check/${serial}/${action}`, { method: 'POST', body: { ean: BENCH_EAN, terminalId }, key: true });
  };
  const name = `POST /api/serial-number-check/:serial/activate|void`;
  const outcome = await load(CLIENTS, SECONDS, hammer, (client, answer) => {
    const { terminalId, action } = last.get(client)!;
    const transactions = (answer.body?.transactions ?? []) as { terminalId: string }[];
    const shown = answer.status === 201 ? (answer.body?.card as { couponingStatus: string }).couponingStatus : null;
    sent.push({ terminalId, action, key: statusKey(answer), own: transactions.filter((t) => t.terminalId === terminalId).length, shown });
    // What the client now believes: its booking landed, or the card is already where it wanted it.
    belief[client] = answer.status === 201 || answer.body?.code === COUPON.TRANSITION_NOT_ALLOWED ? RESULT[action] : belief[client];
  });
  const after = await serialWithTransactions(backend.db, serial);
  const card = after.cards.find((c) => c.ean === BENCH_EAN)!;
  const records = after.transactions.filter((t) => t.ean === BENCH_EAN).sort((a, b) => a.version - b.version);
  rows.push({
    name: `${name}, ${CLIENTS} clients on ONE card (${records.length} transactions after)`,
    calls: `${bookingCalls === null ? '' : `booked ${bookingCalls}, `}refused ${refusal.calls} + ${perRequest.calls}`,
    outcome,
  });
  contended = { serial, transactions: records.length };

  // Verification, from the table.
  const booked = sent.filter((s) => s.key === '201');
  const refused = sent.filter((s) => s.key !== '201');
  const mine = records.filter((r) => r.terminalId.startsWith(`B${run}-`));
  const perTerminal = new Map<string, number>();
  for (const r of mine) perTerminal.set(r.terminalId, (perTerminal.get(r.terminalId) ?? 0) + 1);
  let chain = true;
  let s: CardState = { contract: false, status: 'notReady' };
  for (const r of records) {
    const decision = decideAction(s, r.txType);
    if (!decision.allowed || decision.to.status !== r.status) chain = false;
    s = { contract: false, status: r.status } as CardState;
  }
  const checks: [string, boolean][] = [
    [
      `card version ${card.version} = transaction records ${records.length} (before the run: ${before.cards[0]?.version ?? 0} / ${before.transactions.length})`,
      card.version === records.length,
    ],
    ['records are versions 1..n, each once', records.every((r, i) => r.version === i + 1)],
    [`records form one legal life-cycle chain ending in the card's status (${card.status})`, chain && s.status === card.status],
    [`201 answers ${booked.length} = records of this run ${mine.length}`, booked.length === mine.length],
    ['every 201 has exactly one record (by its terminal id)', booked.every((b) => perTerminal.get(b.terminalId) === 1)],
    [
      `no refused or failed request has a record (${refused.length} refused, ${outcome.errors} failed)`,
      refused.every((r) => !perTerminal.has(r.terminalId)) && mine.length === booked.length,
    ],
    ['every 201 answer lists its own transaction exactly once', booked.every((b) => b.own === 1)],
  ];
  const overtaken = booked.filter((b) => b.shown !== RESULT[b.action]).length;
  notes.push(
    `contention, ${SECONDS} s, ${CLIENTS} clients on ${serial}: ${booked.length} booked (201), ${refused.length} refused; ` +
      `${overtaken} of the 201 answers already show a later status than their own booking (the answer re-reads the card)`,
  );
  for (const [text, ok] of checks) notes.push(`  ${ok ? 'ok  ' : 'FAIL'} ${text}`);
}

// (b') details of the contended card, with all its transactions
if (ONLY.has('details') && contended) {
  await detailsRows(contended.serial, BENCH_EAN, `contended card, ${contended.transactions} transactions`, [1], Math.max(1, SECONDS / 2));
}

// --- Report -------------------------------------------------------------------------------------------
console.log(
  `\n${BASE}, retailer ${RETAILER} (${allSerials.length} generated serials, ${SCALE} seed ${SEED}); bench cards ${BENCH_SERIAL(1)}..${BENCH_SERIAL(CARDS + 1)} (EAN ${BENCH_EAN}); ${SECONDS} s per row`,
);
console.log(
  'DynamoDB calls = service + API (session + account); counted in-process on the same table; actions with a fresh Idempotency-Key each\n',
);
printTable(rows, (o) => o.kb);
console.log('');
for (const note of notes) console.log(note);
process.exit(notes.some((n) => n.includes('FAIL')) ? 1 : 0);
