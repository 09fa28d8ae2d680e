import type { Actor, Backend } from '@portal/backend';
import { decodeAccess } from '@portal/core/auth';
import { recordCapacity } from '@portal/backend/platform/db';
import { importOk } from '../../../tests/support/test-backend.ts';
import type { Profile, Sample, Scenario } from './model.ts';
import { bookings, catalogue, exportDay, exportScenario, sales, sessions } from './processor-scenarios.ts';

/**
 * The scenarios of the load model: real code paths (the import kinds, the services) run against the
 * backend's table at a small scale, each at two sizes, with every call's capacity recorded per key.
 * Ids are the model's own (`LM-…`), so a table that holds other data measures the same.
 */
const CUSTOMER = 'LM-C1';
const PROVIDER = 'LM-P1';
const DAY = '2026-11-20';
const TERMINALS = 40;
const PROVIDER_EAN = '4099000000017';
const OTHER_EAN = '4099000000024';
const SECONDS_PER_DAY = 86_400;

const lines = (records: readonly object[]) => records.map((data, i) => ({ line: i + 1, data }));

const actor = (customerId: string, global = false): Actor => ({
  username: 'load.model',
  displayName: 'Load model',
  customerId,
  access: decodeAccess({
    securityFlag: global ? 16 + 4096 : 16,
    permissions: 0,
    settings: 0,
    modules: { payment: { permissions: 3, settings: 0 } },
  }),
  strongAuthentication: true,
  timezone: 'UTC',
  locale: 'en-US',
});

/** A slice of the processor's file: `count` transactions of the customer on DAY, a third of them the provider's product. */
function slice(from: number, count: number) {
  return Array.from({ length: count }, (_, k) => {
    const n = from + k;
    const at = new Date(Date.parse(`${DAY}T00:00:00Z`) + ((n * 7_919) % SECONDS_PER_DAY) * 1000).toISOString();
    return {
      transactionId: `LM-${String(n).padStart(8, '0')}`,
      at,
      customerId: CUSTOMER,
      terminalId: `LM-T${n % TERMINALS}`,
      type: n % 5 === 0 ? 'redemption' : 'activation',
      resultCode: n % 17 === 0 ? '05' : '00',
      result: n % 17 === 0 ? 'declined' : 'approved',
      serial: `79${String(n).padStart(14, '0')}`,
      ean: n % 3 === 0 ? PROVIDER_EAN : OTHER_EAN,
      amount: 2500,
      currency: 'EUR',
    };
  });
}

async function references(backend: Backend, retailers: number) {
  await importOk(
    backend,
    'retailers',
    Array.from({ length: retailers }, (_, i) => ({ customerId: i === 0 ? CUSTOMER : `LM-R${i}`, name: `Load model retailer ${i}` })),
  );
  // As many divisions as retailers: the master data call reads both lists (the profile has 10,000 of each).
  await importOk(
    backend,
    'divisions',
    Array.from({ length: retailers }, (_, i) => ({ divisionId: `LM-D${i}`, customerId: CUSTOMER, name: `Load model division ${i}` })),
  );
  await importOk(backend, 'providers', [{ customerId: PROVIDER, name: 'Load model provider' }]);
  await importOk(
    backend,
    'transactionTypes',
    ['activation', 'redemption'].map((id) => ({ transactionTypeId: id, name: id })),
  );
  await importOk(backend, 'products', [
    {
      productId: 'LM-PP',
      inventoryProductId: 'LM-IPP',
      ean: PROVIDER_EAN,
      sku: 'LM-SPP',
      name: 'Provider card',
      company: 'P',
      faceValue: 25,
      contentProviderId: PROVIDER,
    },
    { productId: 'LM-PO', inventoryProductId: 'LM-IPO', ean: OTHER_EAN, sku: 'LM-SPO', name: 'Gift card', company: 'G', faceValue: 25 },
  ]);
}

/** Runs `run` with the capacity of its calls recorded. */
async function sample(backend: Backend, size: number, run: () => Promise<unknown>): Promise<Sample> {
  const recorder = recordCapacity(backend.db, 'loadModel');
  try {
    const { records } = await recorder.recorded(run);
    return { size, records };
  } finally {
    recorder.stop();
  }
}

export type MeasureOptions = {
  sliceLines: number;
  grownRows: number;
  /** Stores the sales scenario adds to the retailer's week between its two samples; products the catalogue's grows by. */
  grownStores: number;
  grownProducts: number;
  /** Moves the backend's clock past the time a change of an index-read list takes to settle (ADR 065). */
  settle: () => void;
};

/**
 * Measures every scenario: the day's import slices at two day sizes (0 and `grownRows` rows already in
 * the day), a list page after each, the master data at two retailer and division counts, and the
 * processor-scale scenarios (processor-scenarios.ts).
 */
export async function measureScenarios(backend: Backend, options: MeasureOptions): Promise<Scenario[]> {
  const { sliceLines, grownRows } = options;
  const sampler = (size: number, run: () => Promise<unknown>) => sample(backend, size, run);
  await references(backend, 5);
  const importSamples: Sample[] = [];
  const pageSamples: Sample[] = [];
  const page = () =>
    backend.transactions.list(actor(CUSTOMER), { customerId: CUSTOMER, startDate: DAY, endDate: DAY, index: 0, maxResults: 50 }, 'UTC');
  const exportSamples: Sample[] = [];
  const exportRun = exportDay(backend, CUSTOMER, DAY);
  importSamples.push(await sample(backend, 0, () => backend.imports.importRecords('transactions', lines(slice(0, sliceLines)))));
  pageSamples.push(await sample(backend, sliceLines, page));
  exportSamples.push(await sample(backend, sliceLines, exportRun));
  for (let n = sliceLines; n < grownRows; n += sliceLines) await backend.imports.importRecords('transactions', lines(slice(n, sliceLines)));
  importSamples.push(
    await sample(backend, grownRows, () => backend.imports.importRecords('transactions', lines(slice(grownRows, sliceLines)))),
  );
  pageSamples.push(await sample(backend, grownRows + sliceLines, page));
  exportSamples.push(await sample(backend, grownRows + sliceLines, exportRun));

  // Master data in the steady state: a call after the first (the lists change rarely; a change costs one full read),
  // once the change has settled on the backend's clock (a copy loaded within 5 s of a change is read again, ADR 065).
  const masterData = async (size: number) => {
    options.settle();
    await backend.masterData.fetchAll(actor('', true));
    return sample(backend, size, () => backend.masterData.fetchAll(actor('', true)));
  };
  const masterSamples: Sample[] = [await masterData(5)];
  await references(backend, 5 + 200);
  masterSamples.push(await masterData(205));

  const processor = [
    await bookings(backend, sampler, { customer: CUSTOMER, ean: PROVIDER_EAN }),
    await catalogue(backend, sampler, { small: 2, grown: options.grownProducts }),
    ...(await sales(backend, sampler, {
      retailer: CUSTOMER,
      provider: PROVIDER,
      eans: [PROVIDER_EAN, OTHER_EAN],
      grownStores: options.grownStores,
    })),
    await sessions(backend, sampler),
  ];

  const ids = { [CUSTOMER]: '<customer>', [PROVIDER]: '<provider>', [DAY]: '<day>' };
  const linesPerSecond = (perDay: number, p: Profile) => (perDay * p.peakFactor) / SECONDS_PER_DAY;
  const usersPerSecond = (p: Profile, perMinute: number, share = 1) => (p.signedInUsersAtPeak * share * perMinute) / 60;
  return [
    {
      name: `transactions import slice (${sliceLines} lines)`,
      samples: importSamples,
      ids,
      hot: (p) => ({
        perSecond: linesPerSecond(p.largestCustomerTransactionsPerDay, p) / p.importSliceLines,
        size: p.largestCustomerTransactionsPerDay * p.peakAtDayFraction,
      }),
      fleet: (p) => ({
        perSecond: linesPerSecond(p.transactionsPerDay, p) / p.importSliceLines,
        size: (p.transactionsPerDay / p.customers) * p.peakAtDayFraction,
      }),
    },
    {
      name: 'transactions list page (first page, no filter)',
      samples: pageSamples,
      ids,
      hot: (p) => ({
        perSecond: usersPerSecond(p, p.transactionPagesPerUserPerMinute, p.largestCustomerShareOfUsers),
        size: p.largestCustomerTransactionsPerDay,
      }),
      fleet: (p) => ({ perSecond: usersPerSecond(p, p.transactionPagesPerUserPerMinute), size: p.transactionsPerDay / p.customers }),
    },
    {
      name: 'master data (a global user)',
      samples: masterSamples,
      ids,
      hot: (p) => ({ perSecond: usersPerSecond(p, p.masterDataReadsPerUserPerMinute), size: p.retailers }),
      fleet: (p) => ({ perSecond: usersPerSecond(p, p.masterDataReadsPerUserPerMinute), size: p.retailers }),
    },
    exportScenario(exportSamples, ids),
    ...processor,
  ];
}
