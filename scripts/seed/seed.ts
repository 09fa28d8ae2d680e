import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  type Backend,
  IMPORT_KINDS,
  type ImportReport,
  isImportKind,
  kindOfFileName,
  parseImportText,
  parseJsonLines,
} from '@portal/backend';
import { generateActivity, KIND_ORDER, type MasterData, writeKind } from './generate.ts';

export const DEMO_DIR = join(dirname(fileURLToPath(import.meta.url)), 'demo');

/** Records per importRecords call, so a file of millions of lines is validated and written in slices. */
const SLICE = 200_000;

/**
 * Imports one file through the import service. The file name names the kind and the format (ADR 014):
 * `accounts.jsonl`, `stores.csv`, `products.json` (a JSON array; a record's "line" is its position).
 */
export async function importFile(backend: Backend, file: string): Promise<ImportReport> {
  const named = kindOfFileName(file);
  if (!named) throw new Error(`${file}: name import files <kind>.csv, <kind>.json or <kind>.jsonl`);
  const { kind, format } = named;
  if (!isImportKind(kind)) throw new Error(`${file}: unknown kind '${kind}' (kinds: ${IMPORT_KINDS.join(', ')})`);
  const { lines, errors } = parseImportText(format, readFileSync(file, 'utf8'));
  const report: ImportReport = { kind, created: 0, updated: 0, errors: [...errors] };
  for (let start = 0; start < lines.length; start += SLICE) {
    const part = await backend.imports.importRecords(kind, lines.slice(start, start + SLICE));
    report.created += part.created;
    report.updated += part.updated;
    report.errors.push(...part.errors);
  }
  report.errors.sort((a, b) => a.line - b.line);
  return report;
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

/** The demo users as the seed defines them, for the start banner. */
export function demoUsers(dir = DEMO_DIR): { username: string; password: string; portals: string[] }[] {
  return parseJsonLines(readFileSync(join(dir, 'accounts.jsonl'), 'utf8')).lines.map(
    ({ data }) => data as { username: string; password: string; portals: string[] },
  );
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
  };
}

/** The demo's shipments and 90 days of sales, generated for today (fixed seed) so they are never stale. */
export const DEMO_ACTIVITY = { seed: 42, days: 90 };

const MARKER = { pk: 'META#seed', sk: 'demo' };

/**
 * Seeds the demo data once per table; later starts keep whatever the data has become. Everything goes
 * through `importFile`: the files in scripts/seed/demo/, then the shipments and sales generated for the
 * demo stores (written as CSV to a temporary folder and imported like any other file).
 */
export async function seedDemoDataOnce(backend: Backend): Promise<ImportReport[] | null> {
  const { db } = backend;
  const seeded = await db.doc.send(new GetCommand({ TableName: db.table, Key: MARKER }));
  if (seeded.Item) return null;
  const reports: ImportReport[] = [];
  const run = async (file: string) => {
    const report = await importFile(backend, file);
    if (report.errors.length) throw new Error(`demo seed ${file}: ${JSON.stringify(report.errors.slice(0, 10))}`);
    reports.push(report);
  };
  for (const file of demoFiles()) {
    // The demo links name the configured issuer ($SSO_ISSUER); without single sign-on there is none.
    if (basename(file) === 'identityLinks.jsonl' && !backend.config.SSO_ISSUER) continue;
    await run(file);
  }
  const activity = generateActivity(demoMasterData(), { ...DEMO_ACTIVITY, today: backend.now().toISOString().slice(0, 10) });
  const dir = mkdtempSync(join(tmpdir(), 'portal-demo-'));
  try {
    await run(writeKind(dir, 'shipments', activity.shipments));
    await run(writeKind(dir, 'sales', activity.sales));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: { ...MARKER, seededAt: backend.now().toISOString() } }),
  );
  return reports;
}
