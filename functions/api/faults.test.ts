import { type Backend } from '@portal/backend';
import { createFaultInjector, type FaultInjector, type FaultPlan } from '@portal/backend/platform/faults';
import { queryAll } from '@portal/backend/platform/db';
import { serialWithTransactions } from '@portal/backend/couponing';
import { documentKey, placeDocument, storeDocument } from '@portal/backend/documents';
import { getCurrentLogo, putStagedLogoRow } from '@portal/backend/logo/testing';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { SERVER } from '@portal/core/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signInCookie } from '../../tests/support/api.ts';
import { sentMails } from '../../tests/support/mailbox.ts';
import { createTestBackend, importOk } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';
import { testEan } from '../../tests/support/ean.ts';

/**
 * Fault injection (ADR 025): order submissions, coupon actions and mails with 10 % of
 * the AWS SDK calls faulting (throttling, 5xx, timeouts; before the request is sent or after it was
 * applied), against DynamoDB Local and the SES stand-in. Clients retry with the same Idempotency-Key
 * until a final answer. Then the table is read: 0 lost, 0 duplicated, nothing half-written; every
 * faulted answer was 503 SERVER.UNAVAILABLE with Retry-After, never 500.
 *
 * FAULT_RUNS sets the number of submissions and actions (npm test: 200 each, fixed seed; the bench,
 * `scripts/bench/faults.ts`, runs 1,000 each); FAULT_SEED the seed. FAULT_RETRY_SCALE scales the SDK's
 * waits between attempts (npm test: 0.01, as the client's Retry-After below; the bench: 1, the SDK's own):
 * the same attempts, the same outcomes, without the seconds of backoff.
 */
process.env.LOG_LEVEL ??= 'silent'; // one warn line per injected 503 otherwise
const RUNS = Number(process.env.FAULT_RUNS ?? 200);
const SEED = Number(process.env.FAULT_SEED ?? 12);
const RETRY_SCALE = Number(process.env.FAULT_RETRY_SCALE ?? 0.01);
const RATE = 0.1;
const CLIENTS = 8;
const TODAY = '2026-11-21';
const clock = new Date(`${TODAY}T10:00:00Z`);
const PASSWORD = 'Correct-Horse-42!';
const STORES = 10;
const CARDS = 50;
const MAIL_ACCOUNTS = 30;
const NEWS_RUNS = 30;
const DOCUMENT_RUNS = 20;
const COMPANY_RUNS = 12;
const ALLOCATION_RUNS = 10;
const LOGO_RUNS = 10;
const TERMS_RUNS = 20;
const TERMS_HOST = 'terms.fault.test';

const ean = (n: number) => testEan('502', n);
const serialOf = (n: number) => `73${String(n).padStart(14, '0')}`;

let backend: Backend;
let faults: FaultInjector;
let app: ReturnType<typeof createApp>;
let cookie = '';
let newsCookie = '';
/** fault.approver: approves the allocation changes fault.news files (four-eyes, ADR 108). */
let approverCookie = '';
let ipCounter = 0;
/** Every answer the clients saw, by status and code: the figures of the run. */
const answers: Record<string, number> = {};
const report: Record<string, unknown> = {};

const importKind = (kind: string, records: object[]) => importOk(backend, kind, records);

const plan = (over: Partial<FaultPlan> = {}): FaultPlan => ({ rate: 0, seed: SEED, retryDelayScale: RETRY_SCALE, ...over });

/**
 * One client's request, sent again with the same body and headers (so the same Idempotency-Key) while
 * the API answers 503; a 503 must carry Retry-After and SERVER.UNAVAILABLE. Returns the final answer
 * and how many 503s came before it. `retryOn` names other answers the client retries (409 BUSY).
 */
async function untilFinal(send: () => Response | Promise<Response>, retryOn: (status: number, code: unknown) => boolean = () => false) {
  for (let unavailable = 0; ;) {
    const res = await send();
    const body = await readJson(res);
    const key = `${res.status} ${typeof body.code === 'string' ? body.code : ''}`.trim();
    answers[key] = (answers[key] ?? 0) + 1;
    if (res.status === 503) {
      expect(body.code).toBe(SERVER.UNAVAILABLE);
      expect(body.message).toEqual(expect.any(String));
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      unavailable += 1;
      // The client honours Retry-After; the test scales a second down to 10 ms.
      await new Promise((resolve) => setTimeout(resolve, 10));
      continue;
    }
    if (retryOn(res.status, body.code)) continue;
    return { status: res.status, body, unavailable };
  }
}

/** Runs `jobs` on CLIENTS parallel clients. */
async function inParallel<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

/** A connect call of fault.news (news, documents and allocation writer), from a fresh address each time. */
const connectHeaders = (extra: Record<string, string> = {}) => ({
  'X-Portal': 'connect',
  'Content-Type': 'application/json',
  'X-Fault-Ip': String(++ipCounter),
  Cookie: newsCookie,
  ...extra,
});

const headers = (extra: Record<string, string> = {}) => ({
  'X-Portal': 'ordering',
  'Content-Type': 'application/json',
  'X-Fault-Ip': String(++ipCounter),
  ...(cookie ? { Cookie: cookie } : {}),
  ...extra,
});

beforeAll(async () => {
  faults = createFaultInjector(plan());
  backend = await createTestBackend(() => clock, {}, { faults });
  app = createApp(backend, (c) => `198.51.100.${Number(c.req.header('x-fault-ip') ?? 0) % 250}`);
  await importKind('accounts', [
    {
      username: 'fault.user',
      password: PASSWORD,
      email: 'fault.user@example.com',
      firstname: 'Fay',
      surname: 'Fault',
      customerId: 'R-F1',
      // strong authentication (couponing actions) and: cardOrdering 4, couponing management 1 + cancellation 2.
      securityFlag: 32,
      passwordExpiry: '2030-01-01T00:00:00.000Z',
      timezone: 'Europe/Berlin',
      modules: { ordering: { permissions: 1 + 2 + 4, settings: 1 } },
    },
    {
      username: 'fault.news',
      password: PASSWORD,
      email: 'fault.news@example.com',
      customerId: 'R-F1',
      portals: ['connect'],
      securityFlag: 16,
      passwordExpiry: '2030-01-01T00:00:00.000Z',
      // content.publishNews (ADR 081): writes the news it then reads; content.manageDocuments (ADR 082);
      // flow.editCompanyProfile and editCompanyAssets (ADR 085, 084); productManagement allocation, requestAllocationChanges and
      // approveAllocationChanges (ADR 087).
      modules: {
        content: { permissions: 1 + 2 },
        flow: { permissions: 4 + 8 },
        productManagement: { permissions: 2 + 16 + 32, settings: 0 },
      },
    },
    {
      username: 'fault.approver',
      password: PASSWORD,
      email: 'fault.approver@example.com',
      customerId: 'R-F1',
      portals: ['connect'],
      securityFlag: 16,
      passwordExpiry: '2030-01-01T00:00:00.000Z',
      // productManagement allocation and approveAllocationChanges (ADR 087): another user than the one who asks.
      modules: { productManagement: { permissions: 2 + 32, settings: 0 } },
    },
    ...Array.from({ length: MAIL_ACCOUNTS }, (_, i) => ({
      username: `mail.user${i}`,
      password: PASSWORD,
      email: `mail.user${i}@example.com`,
      firstname: 'Mai',
      surname: `User ${i}`,
      customerId: 'R-F1',
      passwordExpiry: '2030-01-01T00:00:00.000Z',
      modules: { ordering: { permissions: 4 } },
    })),
  ]);
  await importKind('retailers', [{ customerId: 'R-F1', name: 'Fault Markets' }]);
  // A brand whose terms of use fault.news accepts under faults (ADR 086); the other hosts have no brand.
  await importKind('brands', [
    { id: 'terms', name: 'Terms', layout: 'default', hosts: [TERMS_HOST], footerLinks: [], customFields: { termsOfUseRequired: true } },
  ]);
  await importKind('termsOfUse', [{ brandId: 'terms', texts: { en: 'The terms.' } }]);
  await importKind('products', [
    {
      productId: 'P-F1',
      inventoryProductId: 'I-F1',
      ean: ean(1),
      sku: 'SKU-F1',
      name: 'Fault Card',
      company: 'Brand Co',
      eanSecond: ean(101),
      faceValue: 25,
    },
  ]);
  await importKind(
    'stores',
    Array.from({ length: STORES }, (_, i) => ({
      storeId: `S-F${i}`,
      retailerId: 'R-F1',
      name: `Store ${i}`,
      street: 'Fault Street 1',
      postalCode: '10115',
      city: 'Berlin',
    })),
  );
  await importKind('retailerProducts', [{ retailerId: 'R-F1', productId: 'P-F1' }]);
  await importKind('serials', [
    { serialFrom: serialOf(1), serialTo: serialOf(CARDS), ean: ean(1), eanSecond: ean(101), contract: false, retailerId: 'R-F1' },
  ]);
  cookie = await signInCookie(app, 'fault.user', PASSWORD, 'ordering');
  // The connect accounts: fault.news writes, fault.approver approves what it files (four-eyes, ADR 108).
  newsCookie = await signInCookie(app, 'fault.news', PASSWORD, 'connect');
  approverCookie = await signInCookie(app, 'fault.approver', PASSWORD, 'connect');
  // The accounts' password hashes (one per role): over the default 10 s on a busy 2-core machine.
}, 60_000);

afterAll(() => {
  console.info(
    `faults: ${JSON.stringify({ runs: RUNS, seed: SEED, rate: RATE, retryScale: RETRY_SCALE, answers, ...report, stats: faults.stats }, null, 1)}`,
  );
});

/** Every item of the test's own table (a Scan is fine here). */
async function allItems() {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await backend.db.doc.send(
      new ScanCommand({ TableName: backend.db.table, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

describe(`under ${RATE * 100} % injected AWS faults (seed ${SEED})`, () => {
  it(`${RUNS} order submissions retried with their Idempotency-Key: 0 lost, 0 duplicated, 503 never 500`, async () => {
    faults.plan.rate = RATE;
    const before = faults.injectedCount();
    const finals = await inParallel(
      Array.from({ length: RUNS }, (_, i) => () => {
        const key = `fault-order-${String(i).padStart(6, '0')}`;
        const body = JSON.stringify({
          customerId: 'R-F1',
          storeType: 0,
          storeId: `S-F${i % STORES}`,
          positions: [{ inventoryProductId: 'I-F1', amount: 1 + (i % 7) }],
        });
        return untilFinal(
          () => app.request('/api/replenishment/orders', { method: 'POST', headers: headers({ 'Idempotency-Key': key }), body }),
          (status, code) => status === 409 && code === 'ORDER.BUSY',
        ).then((final) => ({ ...final, key, amount: 1 + (i % 7) }));
      }),
    );
    faults.plan.rate = 0;
    report.orderFaults = faults.injectedCount() - before;
    expect(faults.injectedCount() - before).toBeGreaterThan(RUNS / 2);
    expect(answers['500 SERVER.INTERNAL'] ?? 0).toBe(0);
    for (const f of finals) expect([200, 201]).toContain(f.status);
    expect(finals.reduce((n, f) => n + f.unavailable, 0)).toBeGreaterThan(0);

    // The table: one idempotency record per key, naming the order the client was answered; exactly the
    // orders of those records, each whole (header + its positions); every store's summary counts them.
    const items = await allItems();
    const records = items.filter((i) => String(i.pk).startsWith('IDEM#fault.user#fault-order-'));
    const headersOf = items.filter((i) => String(i.pk).startsWith('ORDER#') && i.sk === 'ORDER');
    expect(records).toHaveLength(RUNS);
    expect(headersOf).toHaveLength(RUNS);
    const orderOfKey = new Map(records.map((r) => [String(r.pk).split('#')[2], r.orderId]));
    for (const f of finals) expect(f.body.orderId).toBe(orderOfKey.get(f.key));
    expect(new Set(headersOf.map((h) => h.orderId))).toEqual(new Set(orderOfKey.values()));
    const positions = items.filter((i) => String(i.pk).startsWith('ORDER#') && String(i.sk).startsWith('POS#'));
    expect(new Set(positions.map((p) => p.pk))).toEqual(new Set(headersOf.map((h) => h.pk)));
    const ordered = headersOf.reduce((n, h) => n + Number(h.quantityOrdered), 0);
    expect(ordered).toBe(finals.reduce((n, f) => n + f.amount, 0));
  }, 300_000);

  it(`${RUNS} coupon actions retried with their Idempotency-Key: each booked exactly once, cards consistent`, async () => {
    faults.plan.rate = RATE;
    const before = faults.injectedCount();
    // Each card cycles activate → void → activate …; a card's actions go one after another, cards in parallel.
    const perCard = Math.ceil(RUNS / CARDS);
    const expected = new Map<string, number>();
    const finals = await inParallel(
      Array.from({ length: CARDS }, (_, c) => async () => {
        const serial = serialOf(c + 1);
        const count = Math.min(perCard, RUNS - c * perCard);
        const out = [];
        for (let a = 0; a < count; a += 1) {
          const action = a % 2 === 0 ? 'activate' : 'void';
          const key = `fault-coupon-${c}-${a}`;
          const body = JSON.stringify({ ean: ean(1), terminalId: `T-${c}-${a}` });
          out.push(
            await untilFinal(
              () =>
                app.request(`/api/serial-number-check/${serial}/${action}`, {
                  method: 'POST',
                  headers: headers({ 'Idempotency-Key': key }),
                  body,
                }),
              (status, code) => status === 409 && code === 'COUPON.BUSY',
            ),
          );
        }
        expected.set(serial, Math.max(count, 0));
        return out;
      }),
    );
    faults.plan.rate = 0;
    report.couponFaults = faults.injectedCount() - before;
    expect(faults.injectedCount() - before).toBeGreaterThan(RUNS / 4);
    expect(answers['500 SERVER.INTERNAL'] ?? 0).toBe(0);
    for (const f of finals.flat()) expect([200, 201]).toContain(f.status);

    // Per card: its version is its number of actions, one transaction record per action (by its terminal),
    // the status that of the last action; one idempotency record per key.
    for (const [serial, count] of expected) {
      const items = (
        await queryAll(backend.db, {
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `SERIAL#${serial}` },
          ConsistentRead: true,
        })
      ).items;
      const cardItem = items.find((i) => i.sk === `CARD#${ean(1)}`)!;
      // Bookings are transactions (ADR 032): the card's rows in the serial's index.
      const txs = (await serialWithTransactions(backend.db, serial)).transactions;
      expect(cardItem.version).toBe(count);
      expect(txs.map((t) => t.terminalId).sort()).toEqual(
        Array.from({ length: count }, (_, a) => `T-${Number(serial.slice(2)) - 1}-${a}`).sort(),
      );
      if (count) expect(cardItem.status).toBe(count % 2 === 1 ? 'activated' : 'voided');
    }
    const all = await allItems();
    expect(all.filter((i) => String(i.pk) === 'COUPONIDEM#fault.user')).toHaveLength(RUNS);
  }, 300_000);

  it(`${NEWS_RUNS} news items created and opened, retried with their Idempotency-Key: each made once, each marked read`, async () => {
    faults.plan.rate = RATE;
    const before = faults.injectedCount();
    const created = await inParallel(
      Array.from({ length: NEWS_RUNS }, (_, i) => async () => {
        const key = `fault-news-${String(i).padStart(6, '0')}`;
        const body = JSON.stringify({
          texts: { en: { title: `Fault news ${i}`, body: 'Under *faults*' } },
          publishFrom: '2026-11-20T00:00:00.000Z',
          audience: { kind: 'all' },
          important: i % 2 === 0,
        });
        const final = await untilFinal(() =>
          app.request('/api/news', { method: 'POST', headers: connectHeaders({ 'Idempotency-Key': key }), body }),
        );
        return { ...final, key };
      }),
    );
    const opened = await inParallel(
      created.map(
        ({ body }) =>
          () =>
            untilFinal(() => app.request(`/api/news/${String(body.newsId)}`, { headers: connectHeaders() })),
      ),
    );
    faults.plan.rate = 0;
    report.newsFaults = faults.injectedCount() - before;
    expect(answers['500 SERVER.INTERNAL'] ?? 0).toBe(0);
    for (const f of created) expect(f.status).toBe(201);
    for (const f of opened) expect(f.status).toBe(200);

    // The table: one item, one live row and one idempotency record per key, each naming what its client was
    // answered; the reader's marks hold every item; the list answers them all, read.
    const items = await allItems();
    const records = items.filter((i) => String(i.pk) === 'NEWSIDEM#fault.news');
    const stored = items.filter((i) => String(i.pk).startsWith('NEWS#news-'));
    const live = items.filter((i) => i.pk === 'NEWS#LIVE');
    expect([records.length, stored.length, live.length]).toEqual([NEWS_RUNS, NEWS_RUNS, NEWS_RUNS]);
    const newsOfKey = new Map(records.map((r) => [String(r.sk), r.newsId]));
    for (const f of created) expect(f.body.newsId).toBe(newsOfKey.get(f.key));
    const list = await readJson<{ items: { read: boolean }[]; unread: number }>(
      await app.request('/api/news', { headers: connectHeaders() }),
    );
    expect([list.items.length, list.unread, list.items.every((i) => i.read)]).toEqual([NEWS_RUNS, 0, true]);
  }, 120_000);

  it(`${DOCUMENT_RUNS} documents downloaded, restored and deleted, retried: every link on record, one restore and one delete each`, async () => {
    const ids = Array.from({ length: DOCUMENT_RUNS }, (_, i) => `doc-fault-${i}`);
    const file = (documentId: string, name: string) => ({
      documentId,
      folder: 'Faults',
      name,
      bytes: 100,
      contentType: 'application/pdf',
      uploadedAt: '2026-11-20T00:00:00.000Z',
      uploadedBy: 'operator',
      source: 'supplier' as const,
      objectKey: documentKey('R-F1', documentId),
    });
    for (const documentId of ids) {
      await storeDocument(backend.db, 'R-F1', file(documentId, `${documentId}.pdf`), 'operator');
      // A replace: version 2 current, version 1 to restore (ADR 082).
      await placeDocument(backend.db, 'R-F1', file(`${documentId}-v2`, `${documentId}.pdf`), 'supplier');
    }
    const docHeaders = () => ({ 'X-Portal': 'connect', 'X-Fault-Ip': String(++ipCounter), Cookie: newsCookie });
    faults.plan.rate = RATE;
    const before = faults.injectedCount();
    const downloaded = await inParallel(
      ids.map((id) => () => untilFinal(() => app.request(`/api/documents/customers/R-F1/${id}/download`, { headers: docHeaders() }))),
    );
    const restored = await inParallel(
      ids.map(
        (id) => () =>
          untilFinal(() =>
            app.request(`/api/documents/customers/R-F1/${id}/versions/1/restore`, {
              method: 'POST',
              headers: { ...docHeaders(), 'Idempotency-Key': `fault-restore-${id}` },
            }),
          ),
      ),
    );
    const deleted = await inParallel(
      ids.map(
        (id) => () => untilFinal(() => app.request(`/api/documents/customers/R-F1/${id}`, { method: 'DELETE', headers: docHeaders() })),
      ),
    );
    faults.plan.rate = 0;
    report.documentFaults = faults.injectedCount() - before;
    expect(answers['500 SERVER.INTERNAL'] ?? 0).toBe(0);
    for (const d of downloaded) expect(d.status).toBe(200);
    for (const d of restored) expect([d.status, d.body.version]).toEqual([200, 3]);
    for (const d of deleted) expect(d.status).toBe(200);
    const items = (await allItems()).filter((i) => i.pk === 'DOCS#R-F1');
    const of = (prefix: string) => items.filter((i) => String(i.sk).startsWith(prefix));
    // A retried download may leave a record of a link its client never saw; never a link without one.
    expect(new Set(of('DL#').map((i) => i.documentId)).size).toBe(DOCUMENT_RUNS);
    const audited = (action: string) => of('AUDIT#').filter((i) => i.action === action).length;
    expect([of('DOC#').length, of('DEL#').length, audited('delete'), audited('restore'), of('VER#').length]).toEqual([
      0,
      DOCUMENT_RUNS,
      DOCUMENT_RUNS,
      DOCUMENT_RUNS,
      DOCUMENT_RUNS * 2,
    ]);
  }, 120_000);

  it(`${COMPANY_RUNS} company profile saves, retried: every applied save is one revision with one audit entry, none lost`, async () => {
    const headers = () => ({
      'X-Portal': 'connect',
      'X-Fault-Ip': String(++ipCounter),
      Cookie: newsCookie,
      'Content-Type': 'application/json',
    });
    const profile = (name: string) => ({
      name,
      billingAddress: { street: 'Faultweg 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
      shippingAddress: null,
      contacts: [],
      vatId: '',
      invoiceEmail: 'fault@example.com',
    });
    faults.plan.rate = RATE;
    const before = faults.injectedCount();
    const outcomes: string[] = [];
    for (let i = 0; i < COMPANY_RUNS; i += 1) {
      const read = await untilFinal(() => app.request('/api/company', { headers: headers() }));
      expect(read.status).toBe(200);
      const body = JSON.stringify({ rev: read.body.rev, profile: profile(`Fault Markets ${i}`) });
      // A save that landed before its answer was lost is 409 COMPANY.STALE when sent again: applied once all the same.
      const saved = await untilFinal(() => app.request('/api/company/R-F1/profile', { method: 'PUT', headers: headers(), body }));
      outcomes.push(`${saved.status} ${String(saved.body.code ?? saved.body.outcome)}`);
    }
    faults.plan.rate = 0;
    report.companyFaults = faults.injectedCount() - before;
    expect(answers['500 SERVER.INTERNAL'] ?? 0).toBe(0);
    expect(outcomes.every((o) => o === '200 applied' || o === '409 COMPANY.STALE')).toBe(true);
    const items = (await allItems()).filter((i) => i.pk === 'COMPANY#R-F1');
    const stored = items.find((i) => i.sk === 'PROFILE') as { rev: number; profile: { name: string } };
    expect([stored.rev, items.filter((i) => String(i.sk).startsWith('AUDIT#')).length]).toEqual([COMPANY_RUNS, COMPANY_RUNS]);
    expect(stored.profile.name).toBe(`Fault Markets ${COMPANY_RUNS - 1}`);
  });

  it(`${ALLOCATION_RUNS} allocation changes filed and approved twice in parallel, retried: each filed once, approved once, due once`, async () => {
    const changes = '/api/product-allocation/customers/R-F1/changes';
    faults.plan.rate = RATE;
    const before = faults.injectedCount();
    const filed = await inParallel(
      Array.from({ length: ALLOCATION_RUNS }, (_, i) => () => {
        const body = JSON.stringify({
          kind: 'deallocation',
          productId: 'P-F1',
          scope: { level: 'stores', storeIds: [`S-F${i % STORES}`] },
          effectiveDay: TODAY,
        });
        const key = `fault-allocation-${String(i).padStart(6, '0')}`;
        return untilFinal(() => app.request(changes, { method: 'POST', headers: connectHeaders({ 'Idempotency-Key': key }), body }));
      }),
    );
    const approvals = await inParallel(
      filed.flatMap(({ body }) =>
        [1, 2].map(
          () => () =>
            untilFinal(() =>
              app.request(`${changes}/${String(body.changeId)}/approve`, {
                method: 'POST',
                headers: connectHeaders({ Cookie: approverCookie }),
              }),
            ),
        ),
      ),
    );
    faults.plan.rate = 0;
    report.allocationFaults = faults.injectedCount() - before;
    expect(answers['500 SERVER.INTERNAL'] ?? 0).toBe(0);
    for (const f of filed) expect([200, 201]).toContain(f.status);
    for (const a of approvals) expect([200, 409]).toContain(a.status);
    // The table: one change per key, each approved; one due entry each on the customer's item (ADR 087).
    const items = await allItems();
    const stored = items.filter((i) => i.pk === 'ALLOCCHG#R-F1');
    expect(stored.map((c) => c.status)).toEqual(Array.from({ length: ALLOCATION_RUNS }, () => 'approved'));
    const customer = items.find((i) => i.pk === 'ALLOC#R-F1' && i.sk === 'CUSTOMER') ?? {};
    expect(Object.keys(customer).filter((k) => k.startsWith('due_')).length).toBe(ALLOCATION_RUNS);
  });

  it(`${LOGO_RUNS} logos saved in turn and one saved by ${CLIENTS} clients at once, retried: each applied exactly once`, async () => {
    const logoIds = Array.from({ length: LOGO_RUNS + 1 }, (_, i) => `${'f'.repeat(30)}${String(i).padStart(2, '0')}`);
    for (const logoId of logoIds) await putStagedLogoRow(backend.db, 'R-F1', logoId, clock);
    const save = (logoId: string) => () =>
      untilFinal(() =>
        app.request('/api/logo/apply', {
          method: 'POST',
          headers: { 'X-Portal': 'connect', 'Content-Type': 'application/json', 'X-Fault-Ip': String(++ipCounter), Cookie: newsCookie },
          body: JSON.stringify({ logoId }),
        }),
      );
    faults.plan.rate = RATE;
    const before = faults.injectedCount();
    const inTurn = [];
    for (const logoId of logoIds.slice(0, LOGO_RUNS)) inTurn.push(await save(logoId)());
    const atOnce = await inParallel(Array.from({ length: CLIENTS }, () => save(logoIds[LOGO_RUNS]!)));
    faults.plan.rate = 0;
    report.logoFaults = faults.injectedCount() - before;
    expect(answers['500 SERVER.INTERNAL'] ?? 0).toBe(0);
    expect([...inTurn, ...atOnce].map((a) => a.status)).toEqual(Array.from({ length: LOGO_RUNS + CLIENTS }, () => 200));
    const history = (await allItems()).filter((i) => i.pk === 'LOGO#R-F1' && String(i.sk).startsWith('HIST#'));
    expect(history.map((h) => h.to).sort()).toEqual([...logoIds].sort());
    expect((await getCurrentLogo(backend.db, 'R-F1', true))?.version).toBe(LOGO_RUNS + 1);
  });

  it(`${TERMS_RUNS} parallel acceptances of the terms of use with gated reads: one acceptance kept, 503 never 500`, async () => {
    const termsHeaders = () => ({
      'X-Portal': 'connect',
      'Content-Type': 'application/json',
      'X-Fault-Ip': String(++ipCounter),
      Cookie: newsCookie,
      Host: TERMS_HOST,
    });
    faults.plan.rate = RATE;
    const before = faults.injectedCount();
    const outcomes = await inParallel(
      Array.from(
        { length: TERMS_RUNS },
        (_, i) => () =>
          i % 2 === 0
            ? untilFinal(() =>
                app.request('/api/terms/acceptance', { method: 'POST', headers: termsHeaders(), body: JSON.stringify({ version: 1 }) }),
              )
            : untilFinal(() => app.request('/api/news', { headers: termsHeaders() })),
      ),
    );
    faults.plan.rate = 0;
    report.termsFaults = faults.injectedCount() - before;
    expect(answers['500 SERVER.INTERNAL'] ?? 0).toBe(0);
    const accepted = outcomes.filter((_, i) => i % 2 === 0);
    for (const f of accepted) expect({ status: f.status, version: f.body.version }).toEqual({ status: 200, version: 1 });
    // Every acceptance answered the one that was kept; a gated read before it was refused, none after failed.
    expect(new Set(accepted.map((f) => f.body.acceptedAt)).size).toBe(1);
    for (const f of outcomes.filter((_, i) => i % 2 === 1)) expect([200, 403]).toContain(f.status);
    const items = (await allItems()).filter((i) => i.pk === 'TERMSACC#fault.news');
    expect(items.map((i) => i.sk).sort()).toEqual(['terms', 'terms#V#0000001']);
    expect((await app.request('/api/news', { headers: termsHeaders() })).status).toBe(200);
  }, 120_000);

  it('forgot-password under SES and DynamoDB faults: a request that answered success sent exactly one mail', async () => {
    faults.plan.rate = RATE;
    const before = faults.injectedCount();
    const outcomes = await inParallel(
      Array.from({ length: MAIL_ACCOUNTS }, (_, i) => async () => {
        const to = `mail.user${i}@example.com`;
        const seen: { status: number; mails: number }[] = [];
        for (;;) {
          const mailsBefore = (await sentMails(to)).length;
          const res = await app.request('/api/auth/forgot-password', {
            method: 'POST',
            headers: { 'X-Portal': 'ordering', 'Content-Type': 'application/json', 'X-Fault-Ip': String(++ipCounter) },
            body: JSON.stringify({ username: `mail.user${i}` }),
          });
          const body = await readJson(res);
          seen.push({ status: res.status, mails: (await sentMails(to)).length - mailsBefore });
          if (res.status !== 503) return seen;
          expect(body.code).toBe(SERVER.UNAVAILABLE);
          expect(res.headers.get('retry-after')).toBeTruthy();
        }
      }),
    );
    faults.plan.rate = 0;
    report.mailFaults = faults.injectedCount() - before;
    report.mailRequests = outcomes.flat().length;
    // A success sent exactly one mail, unless the account's reset-mail limit (3 an hour) was used up: then
    // the designed answer is the same success without a mail. A 503 whose counter write was applied and
    // its answer lost counted its retries too (the SDK resends it), so a few 503s can use the limit up.
    let limited = 0;
    for (const [i, seen] of outcomes.entries()) {
      const last = seen.at(-1)!;
      expect(last.status).toBe(200);
      for (const failed of seen.slice(0, -1)) expect(failed.mails).toBeLessThanOrEqual(1);
      if (last.mails === 1) continue;
      const windows = await queryAll(backend.db, {
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `RATE#forgot-account#mail.user${i}` },
        ConsistentRead: true,
      });
      expect({ mails: last.mails, hits: windows.items.map((w) => Number(w.hits)) }).toEqual({
        mails: 0,
        hits: [expect.toSatisfy((n: number) => n > 3)],
      });
      limited += 1;
    }
    report.mailLimited = limited;
    expect(outcomes.flat().length).toBeGreaterThan(MAIL_ACCOUNTS);
  }, 120_000);
});
