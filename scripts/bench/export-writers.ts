/**
 * `npx tsx scripts/bench/export-writers.ts [--rows N] [--formats csv,xlsx] [--runs N] [--out DIR]`
 *
 * The export's file writers alone (ADR 033, ADR 124): `--rows` synthetic transaction rows (as the transaction
 * source hands them on, English columns) written page by page (JOB_PAGE_ROWS) into a sink that drains at once,
 * no DynamoDB, no upload. Prints each format's wall and CPU microseconds per row (the process's CPU, zlib's
 * threads included) of the median run. `--out DIR` keeps each format's last file, to compare a change's output
 * byte for byte with the one before (XLSX: unzip both, compare the parts). With `node --cpu-prof` (through
 * `npx tsx --cpu-prof ...`) a profile of the writers only. For the export's rate next to the raw read see export.ts.
 */
import { createWriteStream } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { ExportFormat } from '@portal/core/export';
import { TRANSACTION_COLUMNS } from '@portal/backend/export';
import { fileWriters, localiseColumns } from '@portal/backend/platform/jobs';
import { JOB_PAGE_ROWS } from '@portal/backend/transaction';
import { benchTransactionBase, benchTransactionFacts } from './bench-transactions.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    formats: { type: 'string', default: 'csv,xlsx' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});
const n = Number(values.rows);
const from = Date.parse('2026-09-01T00:00:00Z');
const span = 90 * 86_400_000;

/** Rows as transactionSource.rows yields them (the stored row, the customer's and the type's names). */
const pages: Record<string, string | number | null>[][] = [];
for (let start = 0; start < n; start += JOB_PAGE_ROWS)
  pages.push(
    Array.from({ length: Math.min(JOB_PAGE_ROWS, n - start) }, (_, j) => {
      const i = start + j;
      const base = benchTransactionBase(n - i, n, { from, span, customerId: 'R-BENCH' });
      return {
        key: Buffer.from(`R-BENCH\n${base.at}#${base.transactionId}`).toString('base64url'),
        ...base,
        ...benchTransactionFacts(i),
        productId: `P-${(i % 3) + 1}`,
        productName: i % 7 === 0 ? 'Card "special", =1+1' : `Card ${(i % 3) + 1}`,
        source: 'import',
        customerName: 'Bench Markets',
        typeName: base.type,
      };
    }),
  );

const columns = localiseColumns(TRANSACTION_COLUMNS, 'en');

/** A sink that takes every chunk at once (or writes it to `file`). */
function sink(file?: string): Writable {
  if (file) return createWriteStream(file);
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
}

async function run(format: ExportFormat, file?: string): Promise<{ wall: number; cpu: number }> {
  const out = sink(file);
  const finished = new Promise<void>((resolve, reject) => out.on('finish', resolve).on('error', reject));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const writer = fileWriters[format](out, columns, 'Europe/Berlin', 'Transactions');
  for (const page of pages) {
    writer.write(page);
    await writer.settled();
  }
  await writer.end();
  await finished;
  const cpu = process.cpuUsage(cpu0);
  return { wall: (performance.now() - t0) * 1000, cpu: cpu.user + cpu.system };
}

if (values.out) mkdirSync(values.out, { recursive: true });
for (const format of values.formats!.split(',') as ExportFormat[]) {
  const runs: { wall: number; cpu: number }[] = [];
  for (let r = 0; r < Number(values.runs); r++) {
    const last = r === Number(values.runs) - 1;
    runs.push(await run(format, last && values.out ? join(values.out, `bench.${format}`) : undefined));
  }
  runs.sort((a, b) => a.cpu - b.cpu);
  const mid = runs[Math.floor(runs.length / 2)]!;
  console.log(
    `${format}: ${n} rows, median run ${(mid.wall / n).toFixed(1)} µs/row wall, ${(mid.cpu / n).toFixed(1)} µs/row CPU (runs, CPU µs/row: ${runs.map((x) => (x.cpu / n).toFixed(1)).join(', ')})`,
  );
}
