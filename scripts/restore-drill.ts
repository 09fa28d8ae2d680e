/**
 * `npm run restore-drill` (ADR 093, docs/operations/runbook.md "Restore a table"): proves a table's items come
 * back whole. Here, against an in-memory DynamoDB Local (or DYNAMODB_ENDPOINT): seeds a table, exports it (a
 * Scan into DynamoDB JSON lines, the format of DynamoDB's export to S3), restores the export into a new table,
 * and compares the two tables' item counts and a SHA-256 of every item. Exit 1 on any difference.
 *
 * `npm run restore-drill -- --compare SOURCE RESTORED` runs only the comparison, e.g. on AWS (credentials and
 * AWS_REGION in the environment) after a point-in-time restore into RESTORED.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  compareFingerprints,
  createDb,
  type Db,
  ensureTable,
  fingerprint,
  fromExportLine,
  type RawItem,
  scanAllItems,
  toExportLine,
  writeAllItems,
} from '@portal/backend/platform/db';
import { startDynamoDbLocal } from './local/dynamodb-local.ts';

/** `count` items of the shapes the table holds: GSI keys, TTL, numbers, string and number sets, binary, maps, lists. */
export function drillItems(count: number): RawItem[] {
  return Array.from({ length: count }, (_, i) => ({
    pk: { S: `CUSTOMER#C-${i % 7}` },
    sk: { S: `ITEM#${String(i).padStart(6, '0')}` },
    gsi1pk: { S: `DAY#2026-11-${String((i % 28) + 1).padStart(2, '0')}` },
    gsi1sk: { S: `ITEM#${i}` },
    amount: { N: String(i * 1.25) },
    expiresAt: { N: String(1_800_000_000 + i) },
    tags: { SS: [`t${i % 3}`, `t${(i + 1) % 3}`] },
    counts: { NS: [String(i), String(i + 1)] },
    logo: { B: Buffer.from(`bytes-${i}`) },
    detail: { M: { name: { S: `Item ${i} — ä ß ł é` }, flags: { L: [{ BOOL: i % 2 === 0 }, { NULL: true }] } } },
  }));
}

/** Export `source` to `exportFile`, restore the file into `restored`, compare both tables. */
export async function restoreDrill(db: Db, { source, restored, exportFile }: { source: string; restored: string; exportFile: string }) {
  const started = Date.now();
  const exported = await scanAllItems(db, source);
  writeFileSync(exportFile, exported.map(toExportLine).join('\n'));
  const fromFile = readFileSync(exportFile, 'utf8').split('\n').filter(Boolean).map(fromExportLine);
  await ensureTable(db.raw, restored);
  await writeAllItems(db, restored, fromFile);
  const result = await compareTables(db, source, restored);
  return { ...result, exported: exported.length, ms: Date.now() - started };
}

/** Both tables' fingerprints (count, digest of every item's hash) and where they differ. */
export async function compareTables(db: Db, source: string, restored: string) {
  const [a, b] = await Promise.all([scanAllItems(db, source), scanAllItems(db, restored)]);
  const left = fingerprint(a);
  const right = fingerprint(b);
  return {
    source: { count: left.count, digest: left.digest },
    restored: { count: right.count, digest: right.digest },
    ...compareFingerprints(left, right),
  };
}

async function main() {
  const { values } = parseArgs({
    options: { compare: { type: 'boolean' }, items: { type: 'string', default: '2000' } },
    allowPositionals: true,
  });
  const region = process.env.AWS_REGION ?? 'eu-central-1';
  if (values.compare) {
    const [source, restored] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
    if (!source || !restored) throw new Error('usage: npm run restore-drill -- --compare SOURCE_TABLE RESTORED_TABLE');
    const db = createDb({ AWS_REGION: region, DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT, TABLE_NAME: source });
    return report(await compareTables(db, source, restored));
  }
  const local = process.env.DYNAMODB_ENDPOINT ? undefined : await startDynamoDbLocal({});
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  const dir = mkdtempSync(path.join(tmpdir(), 'restore-drill-'));
  try {
    const source = `drill-source-${Date.now()}`;
    const db = createDb({ AWS_REGION: region, DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT ?? local?.endpoint, TABLE_NAME: source });
    await ensureTable(db.raw, source);
    await writeAllItems(db, source, drillItems(Number(values.items)));
    return report(await restoreDrill(db, { source, restored: `${source}-restored`, exportFile: path.join(dir, 'export.jsonl') }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await local?.stop();
  }
}

function report(result: Awaited<ReturnType<typeof compareTables>> & { ms?: number }) {
  console.log(`source:   ${result.source.count} items, sha256 ${result.source.digest}`);
  console.log(`restored: ${result.restored.count} items, sha256 ${result.restored.digest}`);
  if (result.ms !== undefined) console.log(`export, restore and compare took ${(result.ms / 1000).toFixed(1)} s`);
  for (const [what, keys] of Object.entries({ missing: result.missing, extra: result.extra, differing: result.differing }))
    if (keys.length) console.log(`${what}: ${keys.length} (first: ${keys.slice(0, 5).join(', ')})`);
  console.log(result.same ? 'restore drill: the restored table holds every item unchanged' : 'restore drill: FAILED');
  process.exitCode = result.same ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
