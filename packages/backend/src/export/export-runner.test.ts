import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Backend } from '@portal/backend';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend } from '../../../../tests/support/test-backend.ts';
import { createFileStore, type FileStore } from '../platform/files/file-store.ts';
import { S3_STAND_IN_CREDENTIALS, startS3StandIn } from '../platform/files/test/s3-stand-in.ts';
import { EXPORT_FAILED_MESSAGE, getExportJob, putExportJob, queuedJob, type StoredExportJob } from './export-job-entity.ts';
import { runExport } from './export-runner.ts';
import { readAhead } from '../platform/jobs/file-set.ts';
import type { ExportColumn, ExportRow } from '../platform/jobs/file-columns.ts';
import type { ExportSource } from './export-source.ts';
import type { ExportSources } from './export-sources.ts';

/**
 * The export runner against DynamoDB Local (the job item) and s3rver (the files): the split at the row
 * limit (every row once, in order), CSV formula neutralisation, XLSX read back with exceljs's reader cell
 * by cell (numbers are numbers, dates are dates, text is text), progress and failure.
 */
const NOW = new Date('2026-11-21T10:00:00Z');
let backend: Backend;
let files: FileStore;
let s3: Awaited<ReturnType<typeof startS3StandIn>>;

beforeAll(async () => {
  s3 = await startS3StandIn(['export-test']);
  Object.assign(process.env, S3_STAND_IN_CREDENTIALS);
  backend = await createTestBackend(() => NOW);
  files = createFileStore({ AWS_REGION: 'eu-central-1', S3_ENDPOINT: s3.endpoint, bucket: 'export-test' });
});
afterAll(() => s3?.stop());

const COLUMNS: ExportColumn[] = [
  { key: 'at', header: 'Date', kind: 'datetime' },
  { key: 'id', header: 'ID', kind: 'text' },
  { key: 'note', header: 'Note', kind: 'text' },
  { key: 'count', header: 'Count', kind: 'number' },
  { key: 'amount', header: 'Amount', kind: 'amount', currencyKey: 'currency' },
  { key: 'currency', header: 'Currency', kind: 'text' },
];
const HOSTILE = ['=SUM(A1:A9)', '+49 30 1234', '-2+3', '@cmd', '\tTAB', '\rCR', 'plain, "quoted"', 'Müller ✓'];
/** Row i: newest first, one minute apart, with a hostile note every few rows and negative amounts. */
const rowOf = (i: number): ExportRow => ({
  at: new Date(Date.UTC(2026, 10, 20, 12) - i * 60_000).toISOString(),
  id: `T-${String(i).padStart(6, '0')}`,
  note: i % 10 === 0 ? HOSTILE[(i / 10) % HOSTILE.length]! : null,
  count: i,
  amount: i % 7 === 0 && i > 0 ? -(i * 5) : i * 125,
  currency: i % 50 === 0 ? 'JPY' : 'EUR',
});

/** A source over plain arrays: `total` rows in pages of 97; `failAfter` rows then an error. */
function arraySource(total: number, options: { failAfter?: number; count?: number } = {}): ExportSources {
  const source: ExportSource<{ customerId: string }> = {
    kind: 'transactions',
    columns: COLUMNS,
    requirePermission: () => {},
    requireScope: async () => {},
    count: async () => options.count ?? total,
    async *rows() {
      for (let start = 0; start < total; start += 97) {
        if (options.failAfter !== undefined && start >= options.failAfter) throw new Error('DynamoDB is down (internal detail)');
        yield Array.from({ length: Math.min(97, total - start) }, (_, k) => rowOf(start + k));
      }
    },
    fileStem: () => 'transactions_2026-11-01_2026-11-20',
  };
  return { transactions: source } as unknown as ExportSources;
}

let jobs = 0;
async function run(
  format: 'csv' | 'xlsx',
  sources: ExportSources,
  rowsPerFile: number,
  timeZone = 'Europe/Berlin',
  language?: 'en' | 'de',
): Promise<StoredExportJob> {
  const jobId = `job-runner-${String(++jobs).padStart(4, '0')}`;
  const job = queuedJob({
    jobId,
    owner: 'runner.user',
    kind: 'transactions',
    format,
    filter: { customerId: 'R-1' },
    timeZone,
    ...(language ? { language } : {}),
    createdAt: NOW.toISOString(),
  });
  await putExportJob(backend.db, job, NOW);
  await runExport({ db: backend.db, files, sources, now: () => NOW, rowsPerFile, log: () => {} }, jobId);
  return (await getExportJob(backend.db, jobId, true))!;
}

const csvRecords = async (key: string) => {
  const text = (await files.read(key)).toString('utf8');
  expect(text.startsWith('\ufeff')).toBe(true);
  return parse(text.slice(1), { relax_column_count: false }) as string[][];
};

describe('the split at the row limit', () => {
  it('2,500 rows at 1,000 per file: 3 files of 1,000, 1,000 and 500, every row once, in order, each with the header', async () => {
    const job = await run('csv', arraySource(2500), 1000);
    expect({ status: job.status, rows: job.rowsWritten, total: job.totalRows, split: job.split }).toEqual({
      status: 'done',
      rows: 2500,
      total: 2500,
      split: true,
    });
    expect(job.files.map((f) => [f.index, f.name, f.rows])).toEqual([
      [0, 'transactions_2026-11-01_2026-11-20_part-1.csv', 1000],
      [1, 'transactions_2026-11-01_2026-11-20_part-2.csv', 1000],
      [2, 'transactions_2026-11-01_2026-11-20_part-3.csv', 500],
    ]);
    const ids: string[] = [];
    for (const file of job.files) {
      const [header, ...records] = await csvRecords(file.key);
      expect(header).toEqual(['Date', 'ID', 'Note', 'Count', 'Amount', 'Currency']);
      ids.push(...records.map((r) => r[1]!));
    }
    expect(ids).toEqual(Array.from({ length: 2500 }, (_, i) => rowOf(i).id));
  });

  it('exactly the limit is one file without a part number; an empty result is one file with the header', async () => {
    const exact = await run('csv', arraySource(1000), 1000);
    expect(exact.files.map((f) => [f.name, f.rows])).toEqual([['transactions_2026-11-01_2026-11-20.csv', 1000]]);
    expect(exact.split).toBe(false);
    const empty = await run('xlsx', arraySource(0), 1000);
    expect(empty.files.map((f) => [f.name, f.rows])).toEqual([['transactions_2026-11-01_2026-11-20.xlsx', 0]]);
    expect(await csvRecords((await run('csv', arraySource(0), 1000)).files[0]!.key)).toEqual([
      ['Date', 'ID', 'Note', 'Count', 'Amount', 'Currency'],
    ]);
  });

  it('XLSX splits the same way', async () => {
    const job = await run('xlsx', arraySource(2100), 1000);
    expect(job.files.map((f) => f.rows)).toEqual([1000, 1000, 100]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await files.read(job.files[2]!.key)) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(101);
    expect(sheet.getRow(2).getCell(2).value).toBe(rowOf(2000).id);
    expect(sheet.getRow(101).getCell(2).value).toBe(rowOf(2099).id);
  });
});

describe('CSV', () => {
  it('neutralises cells starting with = + - @ tab or CR, and writes numbers, amounts and local times as such', async () => {
    const job = await run('csv', arraySource(120), 1000);
    const [, ...records] = await csvRecords(job.files[0]!.key);
    const notes = records.filter((_, i) => i % 10 === 0).map((r) => r[2]);
    expect(notes.slice(0, 8)).toEqual(["'=SUM(A1:A9)", "'+49 30 1234", "'-2+3", "'@cmd", "'\tTAB", "'\rCR", 'plain, "quoted"', 'Müller ✓']);
    for (const record of records) expect(record.every((cell) => !/^[=+@\t\r]/.test(cell))).toBe(true);
    // Row 7: a negative amount stays a number ("-0.35"); row 0: 12:00 UTC is 13:00 in Berlin.
    expect(records[7]!.slice(3, 6)).toEqual(['7', '-0.35', 'EUR']);
    expect(records[1]!.slice(3, 6)).toEqual(['1', '1.25', 'EUR']);
    expect(records[50]!.slice(3, 6)).toEqual(['50', '6250', 'JPY']);
    expect(records[0]![0]).toBe('2026-11-20 13:00:00');
    expect(records[0]![2]).toBe("'=SUM(A1:A9)");
  });

  it("writes instants in the job owner's zone, half-hour zones included", async () => {
    const job = await run('csv', arraySource(1), 1000, 'Asia/Kolkata');
    const [, first] = await csvRecords(job.files[0]!.key);
    expect(first![0]).toBe('2026-11-20 17:30:00');
  });
});

describe('XLSX', () => {
  it('reads back cell by cell: dates are dates, amounts and counts are numbers, text is text and never a formula', async () => {
    const job = await run('xlsx', arraySource(120), 1000);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await files.read(job.files[0]!.key)) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date', 'ID', 'Note', 'Count', 'Amount', 'Currency']);
    for (let i = 0; i < 120; i += 1) {
      const row = sheet.getRow(i + 2);
      const expected = rowOf(i);
      const at = row.getCell(1);
      // The wall clock of Berlin (UTC+1 in November) as an Excel date.
      expect(at.value).toEqual(new Date(Date.parse(expected.at as string) + 3_600_000));
      expect(at.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      expect(row.getCell(2).value).toBe(expected.id);
      // XML parsers normalise a carriage return to a line feed: the one difference a reader may show.
      expect(row.getCell(3).value).toBe((expected.note as string | null)?.replace(/\r/g, '\n') ?? null);
      expect(row.getCell(3).type).not.toBe(ExcelJS.ValueType.Formula);
      expect(row.getCell(4).value).toBe(i);
      const amount = row.getCell(5);
      expect(typeof amount.value).toBe('number');
      expect(amount.value).toBe(expected.currency === 'JPY' ? expected.amount : (expected.amount as number) / 100);
      expect(amount.numFmt).toBe('#,##0.00');
      expect(row.getCell(6).value).toBe(expected.currency);
    }
    // The hostile text is kept verbatim as text (XLSX has no formula injection without a formula cell).
    expect(sheet.getRow(2).getCell(3).value).toBe('=SUM(A1:A9)');
  });
});

describe('progress and failure', () => {
  it('a source failing midway fails the job with a user message (no internals) and no files', async () => {
    const job = await run('csv', arraySource(2500, { failAfter: 1200 }), 1000);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(EXPORT_FAILED_MESSAGE);
    expect(job.files).toEqual([]);
    expect(job.finishedAt).toBe(NOW.toISOString());
  });

  it('a job not queued (a redelivered event, a job already running) is left alone', async () => {
    const first = await run('csv', arraySource(10), 1000);
    await runExport({ db: backend.db, files, sources: arraySource(99), now: () => NOW, log: () => {} }, first.jobId);
    expect((await getExportJob(backend.db, first.jobId, true))!.rowsWritten).toBe(10);
  });

  it('a count below the rows found still splits by rows written', async () => {
    const job = await run('csv', arraySource(1500, { count: 900 }), 1000);
    expect({ split: job.split, total: job.totalRows, rows: job.files.map((f) => [f.name, f.rows]) }).toEqual({
      split: true,
      total: 900,
      rows: [
        ['transactions_2026-11-01_2026-11-20.csv', 1000],
        ['transactions_2026-11-01_2026-11-20_part-2.csv', 500],
      ],
    });
  });

  it('readAhead asks for the next page before the current one is used', async () => {
    const log: string[] = [];
    async function* pages() {
      for (let i = 0; i < 3; i += 1) {
        log.push(`read ${i}`);
        yield i;
      }
    }
    for await (const page of readAhead(pages())) {
      await new Promise((r) => setTimeout(r, 5));
      log.push(`use ${page}`);
    }
    expect(log).toEqual(['read 0', 'read 1', 'use 0', 'read 2', 'use 1', 'use 2']);
  });
});

/** A source of transaction-like rows with a labelled code column (the result), like the Transactions export. */
function labelledSource(): ExportSources {
  const columns: ExportColumn[] = [
    { key: 'at', header: 'Date', kind: 'datetime' },
    { key: 'transactionId', header: 'Transaction ID', kind: 'text' },
    { key: 'result', header: 'Result', kind: 'text', labels: 'transactionResult' },
    { key: 'productName', header: 'Product', kind: 'text' },
    { key: 'amount', header: 'Amount', kind: 'amount', currencyKey: 'currency' },
  ];
  const rows: ExportRow[] = [
    {
      at: '2026-11-20T12:00:00.000Z',
      transactionId: 'TX-1',
      result: 'approved',
      productName: 'Aurora Games 25 EUR gift card, printed',
      amount: 2500,
      currency: 'EUR',
    },
    { at: '2026-11-20T11:00:00.000Z', transactionId: 'TX-2', result: 'declined', productName: 'Lumen', amount: 123456789, currency: 'EUR' },
    { at: '2026-11-20T10:00:00.000Z', transactionId: 'TX-3', result: 'mystery', productName: null, amount: 0, currency: 'EUR' },
  ];
  const source: ExportSource<{ customerId: string }> = {
    kind: 'transactions',
    columns,
    requirePermission: () => {},
    requireScope: async () => {},
    count: async () => rows.length,
    async *rows() {
      yield rows;
    },
    fileStem: () => 'transactions_R-1_2026-11-20_2026-11-20',
  };
  return { transactions: source } as unknown as ExportSources;
}

/**
 * The XLSX as a person opens it (ADR 054), read back by a second implementation (python3 openpyxl):
 * the sheet named after the export in the owner's language, the header row frozen and filtered, the
 * columns as wide as their widest value, headers and codes' labels in German, each code kept beside it.
 */
const OPENPYXL = `
import json, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
ws = wb.worksheets[0]
print(json.dumps({
  "sheets": wb.sheetnames,
  "freeze": ws.freeze_panes,
  "filter": ws.auto_filter.ref,
  "widths": [ws.column_dimensions[c].width for c in "ABCDEF"],
  "rows": [[None if v is None else str(v) for v in row] for row in ws.iter_rows(values_only=True)],
}))
`;

/** A Python with openpyxl: the system's (Debian's python3-openpyxl) before whatever `python3` is first on the PATH. */
const PYTHON = ['/usr/bin/python3', 'python3'].find((python) => spawnSync(python, ['-c', 'import openpyxl']).status === 0) ?? 'python3';

describe("files in the owner's language (ADR 054)", () => {
  it('XLSX: sheet named after the export, frozen header with an auto-filter, fitted widths, German labels beside their codes', async () => {
    const job = await run('xlsx', labelledSource(), 1000, 'Europe/Berlin', 'de');
    const dir = mkdtempSync(join(tmpdir(), 'export-xlsx-'));
    const path = join(dir, 'file.xlsx');
    writeFileSync(path, await files.read(job.files[0]!.key));
    const book = JSON.parse(execFileSync(PYTHON, ['-c', OPENPYXL, path], { encoding: 'utf8' })) as {
      sheets: string[];
      freeze: string;
      filter: string;
      widths: number[];
      rows: (string | null)[][];
    };
    expect(book.sheets).toEqual(['Transaktionen']);
    expect(book.freeze).toBe('A2');
    expect(book.filter).toBe('A1:F1');
    expect(book.rows[0]).toEqual(['Datum', 'Transaktions-ID', 'Ergebnis', 'Ergebnis (Code)', 'Produkt', 'Betrag']);
    expect(book.rows.slice(1).map((r) => r.slice(1, 4))).toEqual([
      ['TX-1', 'Genehmigt', 'approved'],
      ['TX-2', 'Abgelehnt', 'declined'],
      ['TX-3', 'mystery', 'mystery'], // a code without a label is written as it is
    ]);
    const [date, id, label, code, product, amount] = book.widths as [number, number, number, number, number, number];
    expect(date).toBeGreaterThanOrEqual(19); // "YYYY-MM-DD HH:MM:SS"
    expect(id).toBeGreaterThanOrEqual('Transaktions-ID'.length);
    expect(label).toBeGreaterThanOrEqual('Genehmigt'.length);
    expect(code).toBeGreaterThanOrEqual('Ergebnis (Code)'.length);
    expect(product).toBeGreaterThanOrEqual('Aurora Games 25 EUR gift card, printed'.length);
    expect(amount).toBeGreaterThanOrEqual('1,234,567.89'.length);
    expect(amount).toBeLessThan(product);
  });

  it('CSV in English by default: labels with their codes beside them', async () => {
    const [header, ...records] = await csvRecords((await run('csv', labelledSource(), 1000)).files[0]!.key);
    expect(header).toEqual(['Date', 'Transaction ID', 'Result', 'Result (code)', 'Product', 'Amount']);
    expect(records.map((r) => r.slice(2, 4))).toEqual([
      ['Approved', 'approved'],
      ['Declined', 'declined'],
      ['mystery', 'mystery'],
    ]);
  });
});
