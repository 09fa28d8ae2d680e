import type { Backend } from '@portal/backend';
import { decodeAccess } from '@portal/core/auth';
import { hasGermanHeader } from '@portal/core/export';
import type { ReportFilter, ReportType } from '@portal/core/report';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, importOk } from '../../../../tests/support/test-backend.ts';
import type { Actor } from '../access/index.ts';
import type { ExportRow } from '../platform/jobs/file-columns.ts';
import { fileWriters } from '../platform/jobs/file-writers.ts';
import { SALES_COLUMNS, TRANSACTION_COLUMNS, transactionSource } from '../export/index.ts';
import { countCalls } from '../platform/db/call-counter.ts';
import { connectSalesAnswer } from '../sales/index.ts';
import { cardKeySet } from './report-sources-coupon-status.ts';
import { REPORT_SOURCE_COLUMNS, type ReportRun, type ReportSource, reportSource } from './report-sources.ts';
import { testEan } from '../../../../tests/support/ean.ts';

/**
 * The report sources (ADR 043) against data made through the import path and the services:
 * the rows of each type for a customer and a period in the report's zone, the chosen columns in order,
 * the edges of the period (local midnight in Europe/Berlin, not UTC), and never another customer's rows.
 */
let clock = new Date('2026-11-21T10:00:00Z');
let backend: Backend;
const ZONE = 'Europe/Berlin';
const A = 'R-RA';
const B = 'R-RB';

const ean = (n: number) => testEan('403', n);
const GIFT = {
  productId: 'P-R1',
  inventoryProductId: 'I-R1',
  ean: ean(1),
  sku: 'S-R1',
  name: 'Gift card 25',
  company: 'Brand',
  faceValue: 25,
  currency: 'EUR',
};
const SMALL = {
  productId: 'P-R2',
  inventoryProductId: 'I-R2',
  ean: ean(2),
  sku: 'S-R2',
  name: 'Gift card 10',
  company: 'Brand',
  faceValue: 10,
  currency: 'EUR',
};

const actorOf = (customerId: string, modules: Record<string, { permissions: number; settings: number }>, securityFlag = 32): Actor => ({
  username: `user.${customerId}`,
  displayName: `User ${customerId}`,
  customerId,
  access: decodeAccess({ securityFlag, permissions: 0, settings: 0, modules } as Parameters<typeof decodeAccess>[0]),
  strongAuthentication: true,
  timezone: ZONE,
  locale: 'en-US',
});
const coupons = (customerId: string) => actorOf(customerId, { ordering: { permissions: 3, settings: 0 } });
const orderer = (customerId: string) => actorOf(customerId, { ordering: { permissions: 4, settings: 1 } });

/** Transactions of A and B around the period 2026-11-15..2026-11-17 in Berlin (UTC+1). */
const tx = (id: string, at: string, customerId: string, extra: Record<string, unknown> = {}) => ({
  transactionId: id,
  at,
  customerId,
  storeId: 'ST-1',
  terminalId: 'T-1',
  type: 'sale',
  resultCode: '00',
  result: 'approved',
  amount: 1250,
  currency: 'EUR',
  ...extra,
});
const TRANSACTIONS = [
  tx('X-before', '2026-11-14T22:59:59.999Z', A), // 23:59:59.999 on the 14th in Berlin: outside
  tx('X-first', '2026-11-14T23:00:00.000Z', A), // 00:00 on the 15th in Berlin: inside
  tx('X-mid', '2026-11-16T12:00:00.000Z', A, { type: 'refund', amount: -500, terminalId: 'T-2' }),
  tx('X-last', '2026-11-17T22:59:59.999Z', A, { ean: GIFT.ean }),
  tx('X-after', '2026-11-17T23:00:00.000Z', A), // 00:00 on the 18th in Berlin: outside
  tx('X-other', '2026-11-16T12:00:00.000Z', B),
];
const PERIOD: ReportRun = { customerId: A, dateFrom: '2026-11-15', dateUntil: '2026-11-17', timeZone: ZONE };
const definition = (reportType: ReportType, columns: readonly string[] = [], filter: ReportFilter = {}) => ({
  processId: `p.${reportType}`,
  name: `My ${reportType} report`,
  customerId: A,
  reportType,
  filter,
  columns,
});

async function all(source: { rows(): AsyncIterable<ExportRow[]> }): Promise<ExportRow[]> {
  const out: ExportRow[] = [];
  for await (const page of source.rows()) out.push(...page);
  return out;
}
/** The source written as XLSX by the export's writer and read back: the first sheet's rows as cell values. */
async function asXlsx(source: ReportSource): Promise<unknown[][]> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const writer = fileWriters.xlsx(out, source.columns, ZONE);
  for await (const page of source.rows()) writer.write(page);
  await writer.end();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as never);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
const at = async <T>(iso: string, run: () => Promise<T>): Promise<T> => {
  clock = new Date(iso);
  return run();
};

beforeAll(async () => {
  backend = await createTestBackend(() => clock);
  await importOk(backend, 'retailers', [
    { customerId: A, name: 'Alpha' },
    { customerId: B, name: 'Beta' },
  ]);
  await importOk(
    backend,
    'transactionTypes',
    ['sale', 'refund', 'activation', 'redemption', 'void', 'deactivation', 'balance-inquiry'].map((id) => ({
      transactionTypeId: id,
      name: id,
    })),
  );
  await importOk(backend, 'products', [GIFT, SMALL]);
  await importOk(backend, 'stores', [
    { storeId: 'ST-1', retailerId: A, name: 'Alpha One', street: 'Street 1', postalCode: '10115', city: 'Berlin' },
    { storeId: 'ST-9', retailerId: B, name: 'Beta Nine', street: 'Street 9', postalCode: '10115', city: 'Berlin' },
  ]);
  await importOk(backend, 'retailerProducts', [
    { retailerId: A, productId: GIFT.productId },
    { retailerId: A, productId: SMALL.productId },
    { retailerId: B, productId: GIFT.productId },
  ]);
  await importOk(backend, 'transactions', TRANSACTIONS);
  await importOk(backend, 'sales', [
    { storeId: 'ST-1', productId: GIFT.productId, date: '2026-11-14', quantity: 9, amount: 225 },
    { storeId: 'ST-1', productId: GIFT.productId, date: '2026-11-15', quantity: 2, amount: 50 },
    { storeId: 'ST-1', productId: SMALL.productId, date: '2026-11-16', quantity: 3, amount: 30 },
    { storeId: 'ST-9', productId: GIFT.productId, date: '2026-11-16', quantity: 7, amount: 175 },
  ]);
  // Cards: five of A, one of B; bookings at chosen instants (each booking is a transaction row of the card's retailer).
  await importOk(backend, 'serials', [
    { serialFrom: '7700000000001', serialTo: '7700000000005', ean: GIFT.ean, retailerId: A },
    { serialFrom: '7700000000009', ean: GIFT.ean, retailerId: B },
  ]);
  const act = (iso: string, customerId: string, serial: string, action: 'activate' | 'redeem' | 'void') =>
    at(iso, () => backend.couponing.act(coupons(customerId), serial, action, { ean: GIFT.ean, terminalId: 'T-C' }));
  await act('2026-11-14T22:30:00Z', A, '7700000000001', 'activate'); // the 14th in Berlin: outside
  await act('2026-11-15T09:00:00Z', A, '7700000000002', 'activate');
  await act('2026-11-15T10:00:00Z', A, '7700000000003', 'activate');
  await act('2026-11-16T10:00:00Z', A, '7700000000003', 'redeem'); // the same card again: listed once
  await act('2026-11-17T22:30:00Z', A, '7700000000004', 'activate'); // 23:30 on the 17th in Berlin: inside
  await act('2026-11-18T08:00:00Z', A, '7700000000005', 'activate'); // after the period
  await act('2026-11-16T10:00:00Z', B, '7700000000009', 'activate'); // another customer's
  // Orders of A and B at chosen instants.
  const order = (iso: string, customerId: string, storeId: string, positions: { inventoryProductId: string; amount: number }[]) =>
    at(iso, () =>
      backend.ordering.submit(orderer(customerId), { customerId, storeType: 0, storeId, positions }, `key-${customerId}-${iso}`),
    );
  await order('2026-11-14T22:59:00Z', A, 'ST-1', [{ inventoryProductId: 'I-R1', amount: 1 }]); // the 14th in Berlin
  await order('2026-11-14T23:01:00Z', A, 'ST-1', [
    { inventoryProductId: 'I-R1', amount: 2 },
    { inventoryProductId: 'I-R2', amount: 5 },
  ]);
  await order('2026-11-17T12:00:00Z', A, 'ST-1', [{ inventoryProductId: 'I-R2', amount: 3 }]);
  await order('2026-11-17T23:00:00Z', A, 'ST-1', [{ inventoryProductId: 'I-R1', amount: 4 }]); // the 18th in Berlin
  await order('2026-11-16T12:00:00Z', B, 'ST-9', [{ inventoryProductId: 'I-R1', amount: 6 }]);
  clock = new Date('2026-11-21T10:00:00Z');
}, 120_000);

describe('transactions', () => {
  it('reads exactly the rows of the Transactions export for the same filter, in the report zone', async () => {
    const source = reportSource(definition('transactions'), PERIOD, { db: backend.db });
    const rows = await all(source);
    const txIds = rows.map((r) => r.transactionId).filter((id) => String(id).startsWith('X-'));
    expect(txIds).toEqual(['X-last', 'X-mid', 'X-first']);
    const exported: ExportRow[] = [];
    const filter = { customerId: A, startDate: PERIOD.dateFrom, endDate: PERIOD.dateUntil };
    for await (const page of transactionSource.rows(filter, { db: backend.db, timeZone: ZONE, username: 'u', asOf: Date.now() }))
      exported.push(...page);
    expect(rows).toEqual(exported);
    expect(await source.count()).toBe(rows.length);
    expect(rows.every((r) => r.customerId === A)).toBe(true);
  });

  it('lists the same rows as the Transactions screen, page after page, for each kind of filter', async () => {
    const viewer = actorOf('', { payment: { permissions: 1, settings: 0 } }, 16 + 4096);
    const asOf = Date.parse('2026-11-21T10:00:00.000Z');
    const filters: ReportFilter[] = [
      {},
      { type: 'refund' },
      { ean: GIFT.ean },
      { serial: '7700000000003' },
      { terminalId: 'T-C', type: 'activation' },
    ];
    for (const filter of filters) {
      const rows = await all(reportSource(definition('transactions', [], filter), PERIOD, { db: backend.db, asOf }));
      const listed: ExportRow[] = [];
      for (let index = 0; ; index += 1) {
        const page = await backend.transactions.list(
          viewer,
          {
            customerId: A,
            startDate: PERIOD.dateFrom,
            endDate: PERIOD.dateUntil,
            ...filter,
            index,
            maxResults: 2,
            asOf: new Date(asOf).toISOString(),
          },
          ZONE,
        );
        listed.push(...page.items);
        if ((index + 1) * 2 >= page.totalCount) break;
      }
      // The file's rows list the screen's rows, column by column, plus the type's name (master data; the type itself
      // without one). A file row holds only what its columns list (ADR 134: no detail key, no source).
      const cells = (row: ExportRow) => TRANSACTION_COLUMNS.map((column) => row[column.key] ?? null);
      expect(rows.map(cells), JSON.stringify(filter)).toEqual(listed.map(cells));
      expect(rows.every((row) => row.typeName === row.type)).toBe(true);
      expect(rows.length, JSON.stringify(filter)).toBeGreaterThan(0);
    }
  });

  it('applies the report filter and the run override (the override wins field by field)', async () => {
    const refunds = reportSource(definition('transactions', [], { type: 'refund' }), PERIOD, { db: backend.db });
    expect((await all(refunds)).map((r) => r.transactionId)).toEqual(['X-mid']);
    const overridden = reportSource(
      definition('transactions', [], { type: 'refund' }),
      { ...PERIOD, filterOverride: { type: 'sale', ean: GIFT.ean } },
      { db: backend.db },
    );
    expect((await all(overridden)).map((r) => r.transactionId)).toEqual(['X-last']);
    // A serial is read across customers (gsi1): B's card booked in the period is never A's row.
    expect(await all(reportSource(definition('transactions', [], { serial: '7700000000009' }), PERIOD, { db: backend.db }))).toEqual([]);
  });

  it('has the chosen columns in the chosen order with English headers', () => {
    const source = reportSource(definition('transactions', ['amount', 'at', 'transactionId']), PERIOD, { db: backend.db });
    expect(source.columns.map((c) => [c.key, c.header, c.kind])).toEqual([
      ['amount', 'Amount', 'amount'],
      ['at', 'Date', 'datetime'],
      ['transactionId', 'Transaction ID', 'text'],
    ]);
    expect(source.fileStem).toBe(`My-transactions-report_${A}_2026-11-15_2026-11-17`);
    expect(reportSource({ ...definition('transactions'), name: 'Umsätze / Kasse 1' }, PERIOD, { db: backend.db }).fileStem).toBe(
      `Umsatze-Kasse-1_${A}_2026-11-15_2026-11-17`,
    );
  });

  it('words every column header in German and labels code columns with their code beside them (ADR 054)', () => {
    for (const columns of [...Object.values(REPORT_SOURCE_COLUMNS), TRANSACTION_COLUMNS, SALES_COLUMNS]) {
      expect(columns.filter((c) => !hasGermanHeader(c.header)).map((c) => c.header)).toEqual([]);
    }
    const orders = reportSource(definition('orders', ['orderId', 'status', 'type']), { ...PERIOD, language: 'de' }, { db: backend.db });
    expect(orders.columns.map((c) => c.header)).toEqual([
      'Bestellnummer',
      'Status',
      'Status (Code)',
      'Lieferung an',
      'Lieferung an (Code)',
    ]);
    expect(orders.title).toBe('My orders report');
  });

  it("names a general report's files in the run's language, a custom report's as typed (ADR 054)", () => {
    const general = {
      ...definition('sales'),
      processId: `gen.sales-by-day.${A}`,
      name: 'Sales by day',
      filter: { groupBy: 'day' as const },
    };
    expect(reportSource(general, { ...PERIOD, language: 'de' }, { db: backend.db }).fileStem).toBe(
      `Umsatze-nach-Tag_${A}_2026-11-15_2026-11-17`,
    );
    expect(reportSource(general, { ...PERIOD, language: 'en' }, { db: backend.db }).fileStem).toBe(
      `Sales-by-day_${A}_2026-11-15_2026-11-17`,
    );
    expect(reportSource(general, PERIOD, { db: backend.db }).fileStem).toBe(`Sales-by-day_${A}_2026-11-15_2026-11-17`);
    expect(reportSource(definition('transactions'), { ...PERIOD, language: 'de' }, { db: backend.db }).fileStem).toBe(
      `My-transactions-report_${A}_2026-11-15_2026-11-17`,
    );
  });

  it('leaves out rows booked after asOf', async () => {
    const source = reportSource(definition('transactions'), PERIOD, { db: backend.db, asOf: Date.parse('2026-11-16T12:00:00.000Z') });
    expect((await all(source)).map((r) => r.transactionId).filter((id) => String(id).startsWith('X-'))).toEqual(['X-mid', 'X-first']);
  });
});

describe('sales', () => {
  it('gives the Sales section answer of the same query', async () => {
    for (const groupBy of ['day', 'product', 'store'] as const) {
      const source = reportSource(definition('sales', [], { groupBy }), PERIOD, { db: backend.db });
      const rows = await all(source);
      const answer = await connectSalesAnswer(backend.db, null, {
        customerId: A,
        startDate: PERIOD.dateFrom,
        endDate: PERIOD.dateUntil,
        groupBy,
        customerType: 'retailer',
      });
      expect(rows.map((r) => [r.key, r.quantity, r.amount])).toEqual(answer.sales.map((g) => [g.key, g.quantity, g.amountCents]));
      expect(await source.count()).toBe(answer.resultCount);
    }
    const byDay = await all(reportSource(definition('sales', ['key', 'quantity']), PERIOD, { db: backend.db }));
    // Every day of the period, zeros included; B's 7 on the 16th and A's 9 on the 14th are not A's period.
    expect(byDay.map((r) => [r.key, r.quantity])).toEqual([
      ['2026-11-15', 2],
      ['2026-11-16', 3],
      ['2026-11-17', 0],
    ]);
  });
});

describe('sales of a content provider', () => {
  it('reads a provider’s figures when the report does not say whose (the customer is no retailer)', async () => {
    const PV = 'PV-R1';
    await importOk(backend, 'providers', [{ customerId: PV, name: 'Content Co' }]);
    await importOk(backend, 'products', [
      {
        productId: 'P-R3',
        inventoryProductId: 'I-R3',
        ean: ean(3),
        sku: 'S-R3',
        name: 'Content card',
        company: 'Content Co',
        faceValue: 5,
        contentProviderId: PV,
      },
    ]);
    await importOk(backend, 'retailerProducts', [{ retailerId: B, productId: 'P-R3' }]);
    await importOk(backend, 'sales', [
      { storeId: 'ST-9', productId: 'P-R3', date: '2026-11-16', quantity: 4, amount: 20 },
      { storeId: 'ST-9', productId: 'P-R3', date: '2026-11-17', quantity: 1, amount: 5 },
    ]);
    const run = { ...PERIOD, customerId: PV };
    const rows = await all(reportSource({ ...definition('sales', [], { groupBy: 'product' }), customerId: PV }, run, { db: backend.db }));
    const answer = await connectSalesAnswer(backend.db, null, {
      customerId: PV,
      startDate: run.dateFrom,
      endDate: run.dateUntil,
      groupBy: 'product',
      customerType: 'provider',
    });
    expect(rows.map((r) => [r.key, r.quantity, r.amount])).toEqual(answer.sales.map((g) => [g.key, g.quantity, g.amountCents]));
    expect(rows.map((r) => [r.key, r.quantity])).toEqual([['P-R3', 5]]);
  });
});

describe('coupon status', () => {
  it('lists each of the customer’s cards booked in the period once, with its status now', async () => {
    const source = reportSource(definition('coupon-status'), PERIOD, { db: backend.db });
    const rows = await all(source);
    expect(rows.map((r) => [r.serial, r.status])).toEqual([
      ['7700000000004', 'activated'],
      ['7700000000003', 'redeemed'],
      ['7700000000002', 'activated'],
    ]);
    const redeemed = rows.find((r) => r.serial === '7700000000003')!;
    expect(redeemed).toMatchObject({
      ean: GIFT.ean,
      productName: GIFT.name,
      activatedAt: '2026-11-15T10:00:00.000Z',
      redeemedAt: '2026-11-16T10:00:00.000Z',
      amount: 2500,
      currency: 'EUR',
    });
    expect(await source.count()).toBeGreaterThanOrEqual(rows.length);
  });

  it('takes the serial filter (normalised) and never lists another retailer’s card', async () => {
    const one = reportSource(definition('coupon-status', ['serial', 'status'], { serial: '7700-0000-00003' }), PERIOD, { db: backend.db });
    expect(await all(one)).toEqual([expect.objectContaining({ serial: '7700000000003', status: 'redeemed' })]);
    const foreign = reportSource(definition('coupon-status', [], { serial: '7700000000009' }), PERIOD, { db: backend.db });
    expect(await all(foreign)).toEqual([]);
    const theirs = await all(
      reportSource({ ...definition('coupon-status'), customerId: B }, { ...PERIOD, customerId: B }, { db: backend.db }),
    );
    expect(theirs.map((r) => r.serial)).toEqual(['7700000000009']);
  });

  it('costs a few calls per page whatever the cards (the days with rows, a Query a day, cards, products)', async () => {
    const counter = countCalls(backend.db, 'report-coupon-calls');
    try {
      const { calls } = await counter.counted(() => all(reportSource(definition('coupon-status'), PERIOD, { db: backend.db })));
      // Rows are on day keys (ADR 074): the period's 4 UTC days each hold rows, one page in all.
      expect(calls).toBeLessThanOrEqual(1 + 4 + 2);
    } finally {
      counter.stop();
    }
  });
});

describe('cardKeySet', () => {
  it('tells cards apart exactly: leading zeros, 20 digits, the same serial on two EANs', () => {
    const keys = cardKeySet();
    const cards: [string, string][] = [
      ['7700000000003', GIFT.ean],
      ['07700000000003', GIFT.ean],
      ['7700000000003', SMALL.ean],
      ['99999999999999999998', GIFT.ean],
      ['99999999999999999999', GIFT.ean],
      ['9007199254740993', GIFT.ean],
      ['9007199254740992', GIFT.ean],
    ];
    expect(cards.map(([serial, e]) => keys.add(serial, e))).toEqual(cards.map(() => true));
    expect(cards.map(([serial, e]) => keys.add(serial, e))).toEqual(cards.map(() => false));
  });
});

describe('orders', () => {
  it('lists the customer’s orders placed in the period, newest first, with their face value', async () => {
    const source = reportSource(definition('orders'), PERIOD, { db: backend.db });
    const rows = await all(source);
    expect(rows.map((r) => [r.createdAt, r.quantity, r.positions, r.amount, r.currency, r.type, r.storeId])).toEqual([
      ['2026-11-17T12:00:00.000Z', 3, 1, 3000, 'EUR', 'store', 'ST-1'],
      ['2026-11-14T23:01:00.000Z', 7, 2, 2 * 2500 + 5 * 1000, 'EUR', 'store', 'ST-1'],
    ]);
    expect(await source.count()).toBe(2);
  });

  it('takes a DST day of the report zone whole (America/Los_Angeles, 1 November: 25 hours)', async () => {
    const submit = (iso: string, amount: number) =>
      at(iso, () =>
        backend.ordering.submit(
          orderer(A),
          { customerId: A, storeType: 0, storeId: 'ST-1', positions: [{ inventoryProductId: 'I-R2', amount }] },
          `key-dst-${iso}`,
        ),
      );
    await submit('2026-11-01T06:59:00Z', 11); // 23:59 PDT on 31 October
    await submit('2026-11-01T07:00:00Z', 12); // 00:00 PDT on 1 November
    await submit('2026-11-02T07:30:00Z', 13); // 23:30 PST on 1 November (a 24-hour day would have ended at 07:00Z)
    await submit('2026-11-02T08:00:00Z', 14); // 00:00 PST on 2 November
    clock = new Date('2026-11-21T10:00:00Z');
    const run = { ...PERIOD, dateFrom: '2026-11-01', dateUntil: '2026-11-01', timeZone: 'America/Los_Angeles' };
    const source = reportSource(definition('orders', ['quantity']), run, { db: backend.db });
    expect((await all(source)).map((r) => r.quantity)).toEqual([13, 12]);
    expect(await source.count()).toBe(2);
  });

  it('reads no positions without the value columns, and none of another customer', async () => {
    const counter = countCalls(backend.db, 'report-order-calls');
    try {
      const { result, calls } = await counter.counted(() =>
        all(reportSource(definition('orders', ['orderId', 'status']), PERIOD, { db: backend.db })),
      );
      expect(result).toHaveLength(2);
      expect(calls).toBe(1);
    } finally {
      counter.stop();
    }
    const theirs = await all(reportSource({ ...definition('orders'), customerId: B }, { ...PERIOD, customerId: B }, { db: backend.db }));
    expect(theirs.map((r) => r.quantity)).toEqual([6]);
  });
});

describe('cells', () => {
  // Berlin is UTC+1 in November: an XLSX date holds the report zone's wall clock.
  const local = (iso: string) => new Date(Date.parse(iso) + 3_600_000);

  it('writes amounts as real numbers and instants as real dates in XLSX, for every type', async () => {
    const tx = await asXlsx(
      reportSource(definition('transactions', ['transactionId', 'at', 'amount', 'currency'], { type: 'refund' }), PERIOD, {
        db: backend.db,
      }),
    );
    expect(tx).toEqual([
      ['Transaction ID', 'Date', 'Amount', 'Currency'],
      ['X-mid', local('2026-11-16T12:00:00.000Z'), -5, 'EUR'],
    ]);
    const sales = await asXlsx(
      reportSource(definition('sales', ['label', 'quantity', 'amount'], { groupBy: 'product' }), PERIOD, { db: backend.db }),
    );
    expect(sales).toEqual([
      ['Name', 'Quantity', 'Amount'],
      [GIFT.name, 2, 50],
      [SMALL.name, 3, 30],
    ]);
    const cards = await asXlsx(
      reportSource(definition('coupon-status', ['serial', 'redeemedAt', 'activatedAt', 'amount'], { serial: '7700000000003' }), PERIOD, {
        db: backend.db,
      }),
    );
    expect(cards).toEqual([
      ['Serial number', 'Redeemed', 'Activated', 'Face value'],
      ['7700000000003', local('2026-11-16T10:00:00Z'), local('2026-11-15T10:00:00Z'), 25],
    ]);
    const orders = await asXlsx(
      reportSource(definition('orders', ['createdAt', 'quantity', 'amount', 'currency']), PERIOD, { db: backend.db }),
    );
    expect(orders).toEqual([
      ['Ordered', 'Quantity', 'Face value', 'Currency'],
      [local('2026-11-17T12:00:00.000Z'), 3, 30, 'EUR'],
      [local('2026-11-14T23:01:00.000Z'), 7, 100, 'EUR'],
    ]);
  });
});

describe('coupon status at 1,000 cards', () => {
  it('costs 13 calls for 1,000 cards of 1,200 transactions: 2 transaction pages (1,000 rows each), a BatchGet per 100 cards, the products once', async () => {
    const C = 'R-RC';
    await importOk(backend, 'retailers', [{ customerId: C, name: 'Gamma' }]);
    await importOk(backend, 'serials', [{ serialFrom: '7800000000000', serialTo: '7800000000999', ean: GIFT.ean, retailerId: C }]);
    // Processor transactions of every card (some twice) on one Berlin day, imported like a file.
    const lines = Array.from({ length: 1200 }, (_, i) => {
      const n = i % 1000;
      const instant = new Date(Date.parse('2026-11-16T08:00:00.000Z') + i * 1000).toISOString();
      return tx(`XC-${i}`, instant, C, {
        type: 'activation',
        serial: `7800000000${String(n).padStart(3, '0')}`,
        ean: GIFT.ean,
        amount: 2500,
      });
    });
    await importOk(backend, 'transactions', lines);
    const counter = countCalls(backend.db, 'report-coupon-1000');
    try {
      const { result, calls } = await counter.counted(() =>
        all(
          reportSource(
            { ...definition('coupon-status', ['serial', 'status']), customerId: C },
            { ...PERIOD, customerId: C },
            { db: backend.db },
          ),
        ),
      );
      expect(result).toHaveLength(1000);
      expect(new Set(result.map((r) => r.serial)).size).toBe(1000);
      // Cards imported and never booked in the portal keep their first status.
      expect(result.every((r) => r.status === 'notReady')).toBe(true);
      expect(calls).toBeLessThanOrEqual(14);
    } finally {
      counter.stop();
    }
  }, 60_000);
});

describe('bad definitions', () => {
  it('answers 400 REPORT.COLUMNS_INVALID and REPORT.FILTER_INVALID with the field', () => {
    expect(() => reportSource(definition('orders', ['serial']), PERIOD, { db: backend.db })).toThrow(
      expect.objectContaining({ code: 'REPORT.COLUMNS_INVALID', kind: 'input' }),
    );
    expect(() => reportSource(definition('orders', [], { serial: '7700000000003' }), PERIOD, { db: backend.db })).toThrow(
      expect.objectContaining({ code: 'REPORT.FILTER_INVALID', details: { issues: [expect.objectContaining({ path: 'filter.serial' })] } }),
    );
    expect(() => reportSource(definition('transactions', [], { serial: 'abc' }), PERIOD, { db: backend.db })).toThrow(
      expect.objectContaining({ code: 'REPORT.FILTER_INVALID' }),
    );
  });

  it('refuses a run for a customer that is not the report’s (a caller mistake)', () => {
    expect(() => reportSource(definition('transactions'), { ...PERIOD, customerId: B }, { db: backend.db })).toThrow(/belongs to/);
  });
});
