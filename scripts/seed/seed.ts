import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, calendarDateInZone } from '@portal/core/shared';
import { type Backend, kindOfFileName, parseImportText, parseJsonLines } from '@portal/backend';
import type { ImportReport } from '@portal/backend/import';
import { pendingShipmentLinesOfRetailer } from '@portal/backend/masterdata';
import { type Activity, generateActivity, KIND_ORDER, type MasterData, type Record_, shipmentStatusOn, writeKind } from './generate.ts';
import { seedDemoRequests } from './demo-requests.ts';
import { seedDemoDocuments } from './demo-documents.ts';
import { seedDemoAllocation } from './demo-allocation.ts';
import { seedDemoLogo } from './demo-logo.ts';
import { demoSerialTransactions, demoTransactionsOfDay } from './demo-transactions.ts';
import { type LoadOptions, type LoadReport, loadFile } from './load-file.ts';
import { getSeedMarker, putSeedMarker } from './seed-entity.ts';

export const DEMO_DIR = join(dirname(fileURLToPath(import.meta.url)), 'demo');

/**
 * Imports one file through the import service, streamed in slices (load-file.ts). The file name names the
 * kind and the format (ADR 014): `accounts.jsonl`, `stores.csv`, `products.json` (a JSON array; a record's
 * "line" is its position). The CLIs load with `resume` (progress recorded, a restart skips what is done).
 */
export async function importFile(backend: Backend, file: string, options: LoadOptions = {}): Promise<LoadReport> {
  return loadFile(backend, file, options);
}

/** The files of a folder that the import reads, in the order references need (brands before accounts...). */
export function demoFiles(dir = DEMO_DIR): string[] {
  const rank = (file: string) => {
    const index = KIND_ORDER.indexOf(kindOfFileName(file)?.kind ?? '');
    return index === -1 ? KIND_ORDER.length : index;
  };
  return readdirSync(dir)
    .filter((f) => kindOfFileName(f) !== null)
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1))
    .map((f) => join(dir, f));
}

type DemoUser = { username: string; password: string; portals: string[]; timezone?: string };

/** The demo users as the seed defines them, for the start banner. */
export function demoUsers(dir = DEMO_DIR): DemoUser[] {
  return parseJsonLines(readFileSync(join(dir, 'accounts.jsonl'), 'utf8')).lines.map(({ data }) => data as DemoUser);
}

/**
 * The seeded demo account of that name (scripts/seed/demo/accounts.jsonl), which the browser suites and benches
 * sign in with: a missing account fails by its name rather than later with an undefined password.
 */
export function demoAccount(username: string): DemoUser {
  const found = demoUsers().find((u) => u.username === username);
  if (!found) throw new Error(`no demo account ${username}`);
  return found;
}

/** The time zone of the demo's ordering users, who see its sales: the demo's days are theirs. */
export function demoTimeZone(dir = DEMO_DIR): string {
  const zones = new Set(
    demoUsers(dir)
      .filter((u) => u.portals.includes('ordering'))
      .map((u) => u.timezone),
  );
  const [zone] = zones;
  if (zones.size !== 1 || !zone) throw new Error(`demo ordering accounts: one time zone expected, not ${[...zones].join(', ')}`);
  return zone;
}

/** The demo's master data as records (what its files hold), for generating its activity. */
export function demoMasterData(dir = DEMO_DIR): MasterData {
  const read = (kind: keyof MasterData) => {
    const file = readdirSync(dir).find((f) => kindOfFileName(f)?.kind === kind);
    if (!file) return [];
    const named = kindOfFileName(file)!;
    return parseImportText(named.format, readFileSync(join(dir, file), 'utf8')).lines.map((l) => l.data as MasterData[typeof kind][number]);
  };
  return {
    customerGroups: read('customerGroups'),
    retailers: read('retailers'),
    providers: read('providers'),
    products: read('products'),
    stores: read('stores'),
    distributionCentres: read('distributionCentres'),
    retailerProducts: read('retailerProducts'),
    divisions: read('divisions'),
  };
}

/** The demo serial ranges (serials.csv) as records. */
export function demoSerials(dir = DEMO_DIR): Record_[] {
  return parseImportText('.csv', readFileSync(join(dir, 'serials.csv'), 'utf8')).lines.map((l) => l.data as Record_);
}

/**
 * The demo's shipments and 90 days of sales, generated for today (fixed seed) at the first start and
 * topped up to today at every later start (topUpDemoActivity), so "Yesterday" always has sales.
 */
export const DEMO_ACTIVITY = Object.freeze({ seed: 42, days: 90 });

/** How many days of activity a seed generates and a top-up covers at most: the demo's 90, or fewer in a test. */
export interface DemoWindow {
  days?: number;
}

/** The demo's generated activity: shipments, sales and terminal transactions (demo-transactions.ts). */
export type DemoActivity = Activity & { transactions: Record_[] };

/** Imports generated shipments, sales and transactions through importFile, as CSV files in a temporary folder. */
async function importActivity(backend: Backend, activity: DemoActivity): Promise<ImportReport[]> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-demo-'));
  try {
    const reports: ImportReport[] = [];
    for (const kind of ['shipments', 'sales', 'transactions'] as const) {
      const report = await importFile(backend, writeKind(dir, kind, activity[kind]));
      if (report.errors.length) throw new Error(`demo ${kind}: ${JSON.stringify(report.errors.slice(0, 10))}`);
      reports.push(report);
    }
    return reports;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The activity of one demo day: the shipments dated `day`, the sales and the transactions of the day
 * before (both imported once a day is over). It depends on the day alone, so importing it again replaces
 * the same records (sales by store, product and day; shipments and transactions by their day-stamped
 * ids) instead of adding any.
 */
export function demoActivityOfDay(
  master: MasterData,
  day: string,
  timeZone = demoTimeZone(),
  { days = DEMO_ACTIVITY.days }: DemoWindow = {},
): DemoActivity {
  const { shipments, sales } = generateActivity(master, {
    ...DEMO_ACTIVITY,
    days,
    today: day,
    shipmentPrefix: `SH-${DEMO_ACTIVITY.seed}-${day}-`,
  });
  const yesterday = addDays(day, -1);
  return {
    shipments: shipments.filter((s) => s.date === day),
    sales: sales.filter((s) => s.date === yesterday),
    transactions: demoTransactionsOfDay(master, yesterday, timeZone),
  };
}

/**
 * The generated demo shipment lines still pending that have arrived by `today`, as submitted (imported
 * again, they replace themselves). Lines of orders placed in the portal are left alone.
 */
async function arrivedDemoShipments(backend: Backend, master: MasterData, today: string): Promise<Record_[]> {
  const { db } = backend;
  const arrived: Record_[] = [];
  for (const { customerId } of master.retailers) {
    for (const line of await pendingShipmentLinesOfRetailer(db, String(customerId), `SH-${DEMO_ACTIVITY.seed}-`)) {
      if (shipmentStatusOn(line.storeType, line.date, today) === 'pending') continue;
      const { shipmentId, storeType, storeId, productId, date, quantity } = line;
      arrived.push({ shipmentId, storeType, storeId, productId, date, quantity, status: 'submitted' });
    }
  }
  return arrived;
}

/**
 * Brings the demo's activity up to today in the demo users' time zone: imports the days after the last
 * one generated (at most the window's days, DEMO_ACTIVITY's 90) and marks the shipments that have arrived since,
 * then moves the marker. Returns the days imported. Run at every `npm start` after seedDemoDataOnce; a
 * start that stops half way repeats the same days.
 */
export async function topUpDemoActivity(backend: Backend, window: DemoWindow = {}): Promise<string[]> {
  const { days: windowDays = DEMO_ACTIVITY.days } = window;
  const { db } = backend;
  const marker = await getSeedMarker(db);
  if (!marker) return [];
  // Seeds from before top-ups kept only seededAt, a UTC instant.
  const through = marker.activityThrough ?? String(marker.seededAt).slice(0, 10);
  const today = calendarDateInZone(backend.now(), demoTimeZone());
  const days: string[] = [];
  for (let day = addDays(today, 1 - windowDays); day <= today; day = addDays(day, 1)) {
    if (day > through) days.push(day);
  }
  if (days.length === 0) return [];
  const master = demoMasterData();
  const zone = demoTimeZone();
  const activity: DemoActivity = { shipments: await arrivedDemoShipments(backend, master, today), sales: [], transactions: [] };
  for (const day of days) {
    const ofDay = demoActivityOfDay(master, day, zone, window);
    for (const line of ofDay.shipments) {
      const status = line.status === 'cancelled' ? 'cancelled' : shipmentStatusOn(line.storeType as 0 | 1, String(line.date), today);
      activity.shipments.push({ ...line, status });
    }
    activity.sales.push(...ofDay.sales);
    activity.transactions.push(...ofDay.transactions);
  }
  await importActivity(backend, activity);
  await putSeedMarker(db, { ...marker, activityThrough: today });
  return days;
}

const IDENTITY_LINKS = 'identityLinks.jsonl';

/**
 * Links the demo's Microsoft identities again on a start that kept its data: they name the configured issuer
 * ($SSO_ISSUER), which locally is the provider's own origin (http://localhost:<OIDC port>). A folder seeded by a
 * start on another port (a copied folder, a moved port) would otherwise sign in an identity nobody linked. The
 * import is an upsert: a start on the same port changes nothing; links to a former port stay, unreachable.
 */
export async function relinkDemoIdentities(backend: Backend): Promise<void> {
  if (!backend.config.SSO_ISSUER) return;
  const report = await importFile(backend, join(DEMO_DIR, IDENTITY_LINKS));
  if (report.errors.length) throw new Error(`demo identity links: ${JSON.stringify(report.errors.slice(0, 10))}`);
}

/**
 * Seeds the demo data once per table; later starts keep whatever the data has become. Everything goes
 * through `importFile`: the files in scripts/seed/demo/, then the shipments, sales and transactions
 * generated for the demo customers (written as CSV to a temporary folder and imported like any other file);
 * then the demo's workflow requests, made through the request services as the demo users (demo-requests.ts).
 */
export async function seedDemoDataOnce(backend: Backend, { days = DEMO_ACTIVITY.days }: DemoWindow = {}): Promise<ImportReport[] | null> {
  const { db } = backend;
  if (await getSeedMarker(db)) return null;
  const reports: ImportReport[] = [];
  const run = async (file: string) => {
    const report = await importFile(backend, file);
    if (report.errors.length) throw new Error(`demo seed ${file}: ${JSON.stringify(report.errors.slice(0, 10))}`);
    reports.push(report);
  };
  for (const file of demoFiles()) {
    // The demo links name the configured issuer ($SSO_ISSUER); without single sign-on there is none.
    if (basename(file) === IDENTITY_LINKS && !backend.config.SSO_ISSUER) continue;
    await run(file);
  }
  const zone = demoTimeZone();
  const today = calendarDateInZone(backend.now(), zone);
  const master = demoMasterData();
  // Transactions like sales: the days that ended (through yesterday), and the demo serials' history.
  const transactions: Record_[] = demoSerialTransactions(master, demoSerials());
  for (let day = addDays(today, -days); day < today; day = addDays(day, 1)) transactions.push(...demoTransactionsOfDay(master, day, zone));
  reports.push(...(await importActivity(backend, { ...generateActivity(master, { ...DEMO_ACTIVITY, days, today }), transactions })));
  // Product allocation (ADR 087): one applied and one pending change, through the service as the demo users.
  await seedDemoAllocation(backend);
  // Requests are made by users: through the request services as the demo users (demo-requests.ts). They carry
  // uploads, so they need the file store: local mode runs one (S3_ENDPOINT); a test backend without one
  // (seeding only to sign in or to count sales) gets no requests.
  if (backend.config.S3_ENDPOINT) {
    await seedDemoRequests(backend, zone);
    // The document folders (ADR 082) hold files too, and so does the demo logo (ADR 084).
    await seedDemoDocuments(backend);
    await seedDemoLogo(backend, DEMO_DIR);
  }
  await putSeedMarker(db, { seededAt: backend.now().toISOString(), activityThrough: today });
  return reports;
}
