/**
 * `npx tsx scripts/bench/ordering-http.ts [--retailer R-7001] [--store S-7000001] [--clients 50] [--seconds 15]
 *   [--warmup 5] [--orders 20] [--only sales,products,orders]`
 *
 * The ordering portal's hot calls over HTTP against a running `npm start` (local mode, DynamoDB Local on
 * disk) after `npm run seed -- --scale large`, with many concurrent clients for a bounded time:
 * (a) GET /api/replenishment/products of the retailer's flagship store (the products step),
 * (b) GET /api/sales, 28 days ending yesterday, group by day, of one retailer,
 * (c) POST /api/replenishment/orders with 100 positions, each with a fresh Idempotency-Key, first one
 *     after another, then concurrently.
 * Per route: requests/s, p50 and p99 latency, statuses; and the DynamoDB calls one request makes,
 * counted in this process by running the same service call on a backend whose client counts its calls
 * (plus what the API adds per request: the session and the account read, also counted here).
 *
 * The bench account (`bench.ordering`, a user of the retailer with cardOrdering + retailerSales and a
 * strong security flag) is written through the import path, like any account file. Every request goes to
 * loopback; every phase stops after --seconds (in-flight requests time out after 30 s) and the whole run
 * after 15 minutes. The read rows (products, sales) are first loaded for --warmup seconds, not counted, so a
 * freshly started server's compilation does not land in their p99. Environment: PORT (default 3000) as for `npm start`, or a stage's TABLE_NAME etc. with
 * BENCH_URL. A route whose first request does not answer 2xx (e.g. a rejected order) is not loaded: its row
 * shows that status and body instead of figures.
 */
import { benchSignIn, localPortal } from './local-portal.ts';
import { benchOptions } from './bench-options.ts';
import { closedLoop, type Outcome, printTable, type Row, skippedRow } from './http-table.ts';
import { countCalls } from '@portal/backend/platform/db';
import { randomUUID } from 'node:crypto';
import { addDays, XSSI_PREFIX } from '@portal/core/shared';
import { AddressList, ProductsAnswer, type ProductRow } from '@portal/core/ordering';
import { SalesAnswer } from '@portal/core/sales';

const {
  retailer: RETAILER,
  store: STORE,
  clients: CLIENTS,
  seconds: SECONDS,
  warmup: WARMUP,
  orders: SEQUENTIAL_ORDERS,
  only,
} = benchOptions({
  retailer: 'R-7001',
  store: 'S-7000001',
  clients: 50,
  seconds: 15,
  warmup: 5,
  orders: 20,
  only: 'products,sales,orders',
});
const ONLY = new Set(only.split(','));
const USERNAME = 'bench.ordering';
const PASSWORD = 'Bench-Ordering-2026!';
const REQUEST_TIMEOUT_MS = 30_000;

// --- The bench account, through the import path -------------------------------------------------------
const { base: BASE, backend } = await localPortal();
const { counted } = countCalls(backend.db);

const { actor, headers, perRequest } = await benchSignIn(BASE, backend, counted, {
  username: USERNAME,
  password: PASSWORD,
  firstname: 'Bench',
  surname: 'Ordering',
  customerId: RETAILER,
  // medium: the higher authentication standard that sales needs (SPEC 6).
  securityFlag: 16,
  // cardOrdering + retailerSales; showStoreList (stores are store type 0) + disableRetailerProductCheck,
  // so the products step offers the whole active catalogue (~300 products), not only the retailer's list.
  modules: { ordering: { permissions: 4 + 8, settings: 1 + 8 } },
});

// --- Load -----------------------------------------------------------------------------------------
const readJson = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  return JSON.parse(text.startsWith(XSSI_PREFIX) ? text.slice(XSSI_PREFIX.length) : text);
};

/** `clients` loops, each sending one request after another (its answer read whole) until `seconds` have passed. */
const load = (clients: number, seconds: number, request: () => Promise<Response>, maxRequests = Infinity): Promise<Outcome> =>
  closedLoop(
    { clients, seconds, maxRequests },
    async () => {
      const res = await request();
      await res.arrayBuffer();
      return res;
    },
    (res) => res.status,
  );

/** A read row: --warmup seconds of the same load, not counted, then the measured load. */
async function loadWarm(request: () => Promise<Response>): Promise<Outcome> {
  if (WARMUP > 0) await load(CLIENTS, WARMUP, request);
  return load(CLIENTS, SECONDS, request);
}

const get = (path: string) => () => fetch(`${BASE}${path}`, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

const rows: Row[] = [];

/** The first request decides: 2xx runs the load, anything else is reported as 'skipped' with the answer. */
async function probe(name: string, request: () => Promise<Response>): Promise<unknown | null> {
  const res = await request();
  const body = await readJson(res).catch(() => null);
  if (res.ok) return body;
  rows.push(skippedRow(name, res.status, body));
  return null;
}

const today = new Date().toISOString().slice(0, 10);

// (a) products step
let products: ProductRow[] | null = null;
if (ONLY.has('products') || ONLY.has('orders')) {
  const path = `/api/replenishment/products?customerId=${RETAILER}&storeId=${STORE}&storeType=0`;
  const name = `GET /api/replenishment/products (store ${STORE})`;
  const body = await probe(name, get(path));
  if (body) {
    products = ProductsAnswer.parse(body).items;
    if (ONLY.has('products')) {
      const service = await counted(() => backend.ordering.products(actor, { customerId: RETAILER, storeId: STORE, storeType: 0 }));
      rows.push({
        name: `${name}, ${products.length} products`,
        calls: `${service.calls} + ${perRequest.calls}`,
        outcome: await loadWarm(get(path)),
      });
    }
  }
}

// (b) sales list, 28 days ending yesterday, group by day
if (ONLY.has('sales')) {
  const query = { customerId: RETAILER, startDate: addDays(today, -28), endDate: addDays(today, -1), groupBy: 'day' as const };
  const path = `/api/sales?${new URLSearchParams(query)}`;
  const name = `GET /api/sales (${query.startDate}..${query.endDate}, group by day)`;
  const body = await probe(name, get(path));
  if (body) {
    const answer = SalesAnswer.parse(body);
    const service = await counted(() => backend.sales.sales(actor, query));
    rows.push({
      name: `${name}, ${answer.resultCount} days`,
      calls: `${service.calls} + ${perRequest.calls}`,
      outcome: await loadWarm(get(path)),
    });
  }
}

// (c) orders with 100 positions, each request with a fresh Idempotency-Key
if (ONLY.has('orders') && products) {
  /** A quantity the quantity rule accepts: the suggestion, else the smallest multiple of the PU ≥ minimum. */
  const quantityOf = (p: ProductRow): number | null => {
    if (p.suggestedQuantity > 0) return p.suggestedQuantity;
    const pu = Math.max(1, p.packagingUnit);
    const q = Math.ceil(Math.max(1, p.minimum ?? 1) / pu) * pu;
    return p.maximum !== null && q > p.maximum ? null : q;
  };
  // One position per inventory product id (a seed generated before the generator's ids moved to INV-8…
  // shares some ids with the demo catalogue).
  const uses = new Map<string, number>();
  for (const p of products) uses.set(p.inventoryProductId, (uses.get(p.inventoryProductId) ?? 0) + 1);
  const positions = products
    .filter((p) => uses.get(p.inventoryProductId) === 1)
    .map((p) => ({ inventoryProductId: p.inventoryProductId, amount: quantityOf(p) }))
    .filter((p): p is { inventoryProductId: string; amount: number } => p.amount !== null)
    .slice(0, 100);
  if (positions.length < 100) console.warn(`bench: only ${positions.length} orderable products at ${STORE}`);
  const post = (storeId: string) => () =>
    fetch(`${BASE}/api/replenishment/orders`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ customerId: RETAILER, storeType: 0, storeId, reference: 'bench', positions }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  const name = `POST /api/replenishment/orders (${positions.length} positions)`;
  if (await probe(name, post(STORE))) {
    const service = await counted(() =>
      backend.ordering.submit(actor, { customerId: RETAILER, storeType: 0, storeId: STORE, reference: 'bench', positions }, randomUUID()),
    );
    const callsText = `${service.calls} + ${perRequest.calls}`;
    rows.push({ name: `${name}, sequential`, calls: callsText, outcome: await load(1, SECONDS, post(STORE), SEQUENTIAL_ORDERS) });
    // The usual case: concurrent orders go to different addresses (each client its own active store).
    const stores = AddressList.parse(await readJson(await get(`/api/replenishment/stores?customerId=${RETAILER}`)()))
      .items.filter((a) => a.status === 'active')
      .map((a) => a.storeId);
    let next = 0;
    const spread = () => post(stores[next++ % stores.length]!)();
    rows.push({
      name: `${name}, ${CLIENTS} clients, ${Math.min(CLIENTS, stores.length)} stores`,
      calls: callsText,
      outcome: await load(CLIENTS, SECONDS, spread),
    });
    // The worst case: every client orders for the same address, so all compete for its summary (ADR 015).
    rows.push({ name: `${name}, ${CLIENTS} clients, one store`, calls: callsText, outcome: await load(CLIENTS, SECONDS, post(STORE)) });
  }
}

// --- Report -------------------------------------------------------------------------------------------
console.log(
  `\n${BASE}, retailer ${RETAILER}, store ${STORE}; ${CLIENTS} clients x ${SECONDS} s per row after ${WARMUP} s warm-up for reads (orders sequential: up to ${SEQUENTIAL_ORDERS})`,
);
console.log('DynamoDB calls = service + API (session + account); counted in-process on the same table\n');
printTable(rows);
process.exit(0);
