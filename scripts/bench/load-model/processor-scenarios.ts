import type { Actor, Backend } from '@portal/backend';
import { decodeAccess } from '@portal/core/auth';
import { addDays } from '@portal/core/shared';
import { importOk, storeRecord } from '../../../tests/support/test-backend.ts';
import { transactionSource } from '@portal/backend/export';
import type { Profile, Sample, Scenario } from './model.ts';

/**
 * The load model's processor-scale scenarios (ADR 072): coupon bookings, the catalogue read of the products
 * step / order submit / product list, the sales import's rollups (the retailer's week index key, the provider's
 * sales), a provider's connect sales, and the session read of every request. Each runs a real code path at two
 * sizes (the quantity its cost may grow with); `sample` records the capacity of one run.
 */
export type Sampler = (size: number, run: () => Promise<unknown>) => Promise<Sample>;

const SALES_WEEK = '2026-11-09';
const STORES_PER_FILE = 20;
const perMinute = (p: Profile, rate: number, share = 1) => (p.signedInUsersAtPeak * share * rate) / 60;

const actorOf = (customerId: string, modules: Parameters<typeof decodeAccess>[0]['modules'], global = false): Actor => ({
  username: 'load.model',
  displayName: 'Load model',
  customerId,
  access: decodeAccess({ securityFlag: global ? 16 + 4096 : 16 + 32, permissions: 0, settings: 0, modules }),
  strongAuthentication: true,
  timezone: 'UTC',
  locale: 'en-US',
});

/** Coupon bookings of the customer's cards (activations), at 0 and 10 bookings already in the hour. */
export async function bookings(backend: Backend, sample: Sampler, ids: { customer: string; ean: string }): Promise<Scenario> {
  await importOk(backend, 'serials', [{ serialFrom: '7990000000001', serialTo: '7990000000020', ean: ids.ean, retailerId: ids.customer }]);
  const actor = actorOf(ids.customer, { ordering: { permissions: 3, settings: 0 } });
  const book = (n: number) => () =>
    backend.couponing.act(actor, `79900000000${String(n).padStart(2, '0')}`, 'activate', { ean: ids.ean, terminalId: 'LM-T1' });
  const samples = [await sample(0, book(1))];
  for (let n = 2; n <= 11; n += 1) await book(n)();
  samples.push(await sample(10, book(12)));
  return {
    name: 'coupon booking (activate)',
    samples,
    ids: {},
    hot: (p) => ({ perSecond: p.largestCustomerBookingsPerSecond, size: p.largestCustomerBookingsPerSecond * 3600 }),
    fleet: (p) => ({ perSecond: p.bookingsPerSecond, size: p.largestCustomerBookingsPerSecond * 3600 }),
  };
}

const product = (n: number) => ({
  productId: `LM-CP${n}`,
  inventoryProductId: `LM-CI${n}`,
  ean: ean13(`40990${String(100 + n).padStart(7, '0')}`),
  sku: `LM-CS${n}`,
  name: `Load model catalogue card ${n} ${'x'.repeat(150)}`,
  company: 'Load model brand',
  faceValue: 25,
});

/** An EAN-13 of 12 digits and their check digit. */
function ean13(twelve: string): string {
  const sum = [...twelve].reduce((n, d, i) => n + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/**
 * The catalogue as the product list reads it (the products step and order submit read it the same way), in the
 * steady state (a read after the first since the last products import), at `small` and `small + grown` products.
 */
export async function catalogue(backend: Backend, sample: Sampler, sizes: { small: number; grown: number }): Promise<Scenario> {
  const actor = actorOf('', { productManagement: { permissions: 1, settings: 0 } }, true);
  const list = () => backend.products.list(actor, { index: 0, maxResults: 25 });
  const at = async (from: number, to: number, size: number) => {
    await importOk(
      backend,
      'products',
      Array.from({ length: to - from }, (_, i) => product(from + i)),
    );
    await list();
    return sample(size, list);
  };
  // The two products of the model's references are in the catalogue already.
  const samples = [await at(0, sizes.small, 2 + sizes.small)];
  samples.push(await at(sizes.small, sizes.small + sizes.grown, 2 + sizes.small + sizes.grown));
  return {
    name: 'catalogue read (product list, products step, order submit)',
    samples,
    ids: {},
    hot: (p) => ({ perSecond: perMinute(p, p.catalogueReadsPerUserPerMinute), size: p.catalogueProducts }),
    fleet: (p) => ({ perSecond: perMinute(p, p.catalogueReadsPerUserPerMinute), size: p.catalogueProducts }),
  };
}

/** A sales file of STORES_PER_FILE stores (days `first`..6 of the week x 2 products each, one of them the provider's). */
function salesFile(from: number, eans: readonly string[], first = 0) {
  return Array.from({ length: STORES_PER_FILE }, (_, s) =>
    Array.from({ length: 7 - first }, (_, i) => i + first).map((d) =>
      eans.map((ean, e) => ({ storeId: `LM-S${from + s}`, ean, date: addDays(SALES_WEEK, d), quantity: 1 + e, amount: 25 * (1 + e) })),
    ),
  ).flat(2);
}

/**
 * The sales import of a retailer's weekly file (STORES_PER_FILE stores) when the week already holds `size`
 * stores of that retailer, and the provider's connect sales of the week by store after it.
 */
export async function sales(
  backend: Backend,
  sample: Sampler,
  ids: { retailer: string; provider: string; eans: readonly string[]; grownStores: number },
): Promise<Scenario[]> {
  const total = ids.grownStores + 2 * STORES_PER_FILE;
  await importOk(
    backend,
    'stores',
    Array.from({ length: total }, (_, n) => storeRecord(`LM-S${n}`, ids.retailer)),
  );
  const reader = actorOf('', { salesReporting: { permissions: 3, settings: 0 } }, true);
  const read = () =>
    backend.connectSales.sales(reader, {
      customerType: 'provider',
      customerId: ids.provider,
      startDate: SALES_WEEK,
      endDate: addDays(SALES_WEEK, 6),
      groupBy: 'store',
    });
  const importSamples: Sample[] = [];
  const readSamples: Sample[] = [];
  // The stores of a sampled file sold on Monday already (the usual case: a file of stores the rollups know).
  const file = async (from: number, size: number) => {
    await importOk(backend, 'sales', salesFile(from, ids.eans, 6));
    importSamples.push(await sample(size, () => importOk(backend, 'sales', salesFile(from, ids.eans, 0).slice(0))));
    readSamples.push(await sample(size, read));
  };
  await file(0, STORES_PER_FILE);
  for (let from = STORES_PER_FILE; from < STORES_PER_FILE + ids.grownStores; from += STORES_PER_FILE)
    await importOk(backend, 'sales', salesFile(from, ids.eans));
  await file(ids.grownStores + STORES_PER_FILE, ids.grownStores + 2 * STORES_PER_FILE);
  const names = { [ids.retailer]: '<retailer>', [ids.provider]: '<provider>', [SALES_WEEK]: '<monday>', '2026-11': '<month>' };
  return [
    {
      name: `sales import (a weekly file of ${STORES_PER_FILE} stores)`,
      samples: importSamples,
      ids: names,
      hot: (p) => ({ perSecond: p.salesImportStoresPerSecond / STORES_PER_FILE, size: p.largestRetailerStores }),
      fleet: (p) => ({ perSecond: p.fleetSalesImportStoresPerSecond / STORES_PER_FILE, size: p.largestRetailerStores }),
    },
    {
      name: "a provider's connect sales (a week by store)",
      samples: readSamples,
      ids: names,
      hot: (p) => ({ perSecond: p.providerSalesReadsPerSecond, size: p.largestRetailerStores }),
      fleet: (p) => ({ perSecond: p.providerSalesByStoreReadsPerSecond, size: p.providerStoresAverage }),
    },
  ];
}

/** The session read of a signed-in request (ADR 028), with 1 and 6 sessions of the user open. */
export async function sessions(backend: Backend, sample: Sampler): Promise<Scenario> {
  await importOk(backend, 'accounts', [
    {
      username: 'load.model',
      password: 'Load-Model-Password-2026!',
      email: 'load.model@example.com',
      customerId: '',
      portals: ['connect'],
    },
  ]);
  const open = () => backend.sessions.create('load.model', backend.now(), { portal: 'connect', method: 'password' });
  const { token } = await open();
  const validate = () => backend.sessions.validate(token, 'connect', backend.now());
  const samples = [await sample(1, validate)];
  for (let n = 0; n < 5; n += 1) await open();
  samples.push(await sample(6, validate));
  return {
    name: 'session read (every signed-in request)',
    samples,
    ids: {},
    hot: (p) => ({ perSecond: p.requestsPerUserPerMinute / 60, size: 6 }),
    fleet: (p) => ({ perSecond: perMinute(p, p.requestsPerUserPerMinute), size: 6 }),
  };
}

/** An export run's reads of a customer's day (the source's pages, as the export job and a report read them), to the end. */
export function exportDay(backend: Backend, customerId: string, day: string) {
  return async () => {
    let rows = 0;
    const filter = { customerId, startDate: day, endDate: day };
    for await (const page of transactionSource.rows(filter, { db: backend.db, timeZone: 'UTC', username: 'load.model', asOf: Date.now() }))
      rows += page.length;
    return rows;
  };
}

/**
 * The export scenario from samples of `exportDay` at two day sizes: its reads follow the rows, so the hot rate
 * is one run reading the largest customer's rows at the profile's pace (a month report or export, ADR 033).
 */
export function exportScenario(samples: Sample[], ids: Record<string, string>): Scenario {
  return {
    name: "an export run (the customer's day, page by page)",
    samples,
    ids,
    hot: (p) => ({
      perSecond: p.largestCustomerExportRowsPerSecond / p.largestCustomerTransactionsPerDay,
      size: p.largestCustomerTransactionsPerDay,
    }),
    fleet: (p) => ({
      perSecond: p.largestCustomerExportRowsPerSecond / p.largestCustomerTransactionsPerDay,
      size: p.largestCustomerTransactionsPerDay,
    }),
  };
}
