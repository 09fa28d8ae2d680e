import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Backend, type ImportReport, isImportKind, parseJsonLines } from '@portal/backend';

export const DEMO_DIR = join(dirname(fileURLToPath(import.meta.url)), 'demo');
/** Files load in this order so references (brand of an account, account of an identity link) exist first. */
const ORDER = ['brands', 'accounts', 'identityLinks'];

/** Imports one JSON Lines file through the import service; the kind is the file name (accounts.jsonl). */
export async function importFile(backend: Backend, file: string): Promise<ImportReport> {
  const kind = basename(file, extname(file));
  if (!isImportKind(kind)) throw new Error(`${file}: unknown kind '${kind}'`);
  const { lines, errors } = parseJsonLines(readFileSync(file, 'utf8'));
  const report = await backend.imports.importRecords(kind, lines);
  report.errors.unshift(...errors);
  report.errors.sort((a, b) => a.line - b.line);
  return report;
}

export function demoFiles(dir = DEMO_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort((a, b) => ORDER.indexOf(basename(a, '.jsonl')) - ORDER.indexOf(basename(b, '.jsonl')))
    .map((f) => join(dir, f));
}

/** The demo users as the seed defines them, for the start banner. */
export function demoUsers(dir = DEMO_DIR): { username: string; password: string; portals: string[] }[] {
  return parseJsonLines(readFileSync(join(dir, 'accounts.jsonl'), 'utf8')).lines.map(
    ({ data }) => data as { username: string; password: string; portals: string[] },
  );
}

const MARKER = { pk: 'META#seed', sk: 'demo' };

/** Seeds the demo data once per table; later starts keep whatever the data has become. */
export async function seedDemoDataOnce(backend: Backend): Promise<ImportReport[] | null> {
  const { db } = backend;
  const seeded = await db.doc.send(new GetCommand({ TableName: db.table, Key: MARKER }));
  if (seeded.Item) return null;
  const reports: ImportReport[] = [];
  for (const file of demoFiles()) {
    // The demo links name the configured issuer ($SSO_ISSUER); without single sign-on there is none.
    if (basename(file) === 'identityLinks.jsonl' && !backend.config.SSO_ISSUER) continue;
    const report = await importFile(backend, file);
    if (report.errors.length) throw new Error(`demo seed ${file}: ${JSON.stringify(report.errors)}`);
    reports.push(report);
  }
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: { ...MARKER, seededAt: backend.now().toISOString() } }),
  );
  return reports;
}
