/**
 * `npx tsx scripts/bench/documents-folder.ts [--files 1000] [--runs 40] [--clients 20]`
 *
 * A customer's document folder (ADR 082) on a private DynamoDB Local, through the documents service (no
 * HTTP; a download's link is presigned, no S3 call): DynamoDB calls and latency of the folder listing, the
 * search by name and a download, at 10 files and at `--files` files, each time also with a history of
 * versions and downloads in the same partition (they sort outside the listing's key range, so the calls
 * must not grow with them); then p50/p99 of the listing and the search at `--clients` parallel readers.
 * Loopback only.
 */
import { decodeAccess } from '@portal/core/auth';
import type { Actor } from '@portal/backend';
import { documentKey, placeDocument, storeDocument } from '@portal/backend/documents';
import { countCalls } from '@portal/backend/platform/db';
import { startBenchBackend } from './bench-backend.ts';
import { benchOptions } from './bench-options.ts';
import { callsAndMedianMs, parallelReads, markdownTable } from './calls-and-median.ts';

const { files, runs, clients } = benchOptions({ files: 1000, runs: 40, clients: 20 });
const CUSTOMER = 'R-DOCS';

const { backend, stop } = await startBenchBackend();
const report = await backend.imports.importRecords('retailers', [{ line: 1, data: { customerId: CUSTOMER, name: 'Bench Documents' } }]);
if (report.errors.length) throw new Error(JSON.stringify(report.errors));

const reader = (n: number): Actor => ({
  username: `bench.reader${n}`,
  displayName: `Reader ${n}`,
  customerId: CUSTOMER,
  access: decodeAccess({ securityFlag: 16, permissions: 0, settings: 0, modules: {} }),
  strongAuthentication: false,
  timezone: 'Europe/Berlin',
  locale: 'de-DE',
});
const file = (i: number, v = 1) => {
  const documentId = `doc-bench-${i}-v${v}`;
  return {
    documentId,
    folder: `Folder ${i % 10}`,
    name: `Price list ${String(i).padStart(4, '0')} of the customer with a rather long file name.pdf`,
    bytes: 10_000 + i,
    contentType: 'application/pdf',
    uploadedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000 + v).toISOString(),
    uploadedBy: 'operator.bench',
    source: 'supplier' as const,
    objectKey: documentKey(CUSTOMER, documentId),
  };
};
const inBatches = async (n: number, from: number, run: (i: number) => Promise<unknown>) => {
  for (let i = from; i < n; i += 50) await Promise.all(Array.from({ length: Math.min(50, n - i) }, (_, k) => run(i + k)));
};

const service = backend.documents;
const { counted } = countCalls(backend.db);
const rows: string[] = [];
const parallel: string[] = [];
let stored = 0;
for (const size of [10, files]) {
  await inBatches(size, stored, (i) => storeDocument(backend.db, CUSTOMER, file(i), 'operator'));
  stored = size;
  for (const history of [false, true]) {
    if (history) {
      // Every tenth file replaced twice (2 versions each) and 2,000 download records: the partition grows.
      await inBatches(size, 0, async (i) => {
        if (i % 10 !== 0) return;
        await placeDocument(backend.db, CUSTOMER, file(i, 2), 'supplier');
        await placeDocument(backend.db, CUSTOMER, file(i, 3), 'supplier');
      });
      await inBatches(2_000, 0, (i) => service.download(reader(i % 50), CUSTOMER, `doc-bench-${i % size}-v1`));
    }
    const me = reader(0);
    const label = `${size}${history ? ' + versions, 2,000 downloads' : ''}`;
    const cases: [string, () => Promise<unknown>][] = [
      ['list a folder', () => service.list(me, CUSTOMER, { folder: 'Folder 3', sort: 'name', dir: 'asc' })],
      ['search by name', () => service.list(me, CUSTOMER, { folder: '', q: 'list 00', sort: 'date', dir: 'desc' })],
      ['download (link + record)', () => service.download(me, CUSTOMER, 'doc-bench-1-v1')],
    ];
    for (const [name, run] of cases) {
      const { calls, medianMs } = await callsAndMedianMs(counted, run, runs);
      rows.push(`| ${label} | ${name} | ${calls} | ${medianMs.toFixed(1)} |`);
    }
  }
  for (const [name, query] of [
    ['list', { folder: 'Folder 3', sort: 'name', dir: 'asc' }],
    ['search', { folder: '', q: 'list 00', sort: 'date', dir: 'desc' }],
  ] as const) {
    parallel.push(
      `| ${size} | ${name} | ${clients} | ${await parallelReads(clients, runs, (c) => service.list(reader(c + 1), CUSTOMER, query))} |`,
    );
  }
}
console.log(`Documents folder, ${runs} sequential runs each, private DynamoDB Local:\n`);
markdownTable(['files in the folder', 'call', 'DynamoDB calls', 'median ms'], rows);
console.log(`\nAt ${clients} parallel readers (each ${runs} calls):\n`);
markdownTable(['files', 'call', 'clients', 'calls', 'p50 ms', 'p99 ms'], parallel);
await stop();
