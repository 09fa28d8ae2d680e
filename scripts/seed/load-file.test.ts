import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Backend, parseImportText } from '@portal/backend';
import { describe, expect, it } from 'vitest';
import { customerGroupIds } from '../../tests/support/customer-groups.ts';
import { createTestBackend } from '../../tests/support/test-backend.ts';
import { readSlices } from '@portal/backend/import';
import { fileSource } from './file-slices.ts';
import { loadFile, progressLine } from './load-file.ts';

const folder = () => mkdtempSync(join(tmpdir(), 'load-file-'));

/** `count` customer groups as CSV, with one bad line (an empty id) at `badAt` when given. */
function groupsFile(count: number, badAt?: number): string {
  const file = join(folder(), 'customerGroups.csv');
  const lines = ['customerGroupId,name'];
  for (let k = 1; k <= count; k += 1) lines.push(k === badAt ? ',Nameless' : `G-LOAD-${k},"Group ${k}, loaded"`);
  writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

const groups = customerGroupIds;

/** The backend whose second import call does `before`, then crashes; the others import as usual. */
function crashingAtSlice2(
  backend: Backend,
  before: (...args: Parameters<Backend['imports']['importRecords']>) => Promise<unknown>,
): Backend {
  let calls = 0;
  return {
    ...backend,
    imports: {
      ...backend.imports,
      importRecords: async (kind, lines) => {
        calls += 1;
        if (calls === 2) {
          await before(kind, lines);
          throw new Error('crash');
        }
        return backend.imports.importRecords(kind, lines);
      },
    },
  };
}

async function allSlices(file: string, format: '.csv' | '.jsonl', sliceLines: number, start = { lines: 0, bytes: 0 }) {
  const slices = [];
  for await (const slice of readSlices(fileSource(file), format, { sliceLines, start })) slices.push(slice);
  return slices;
}

describe('readSlices: the file in slices, with its own line numbers', () => {
  it('CSV: a quoted field over several lines stays in one slice; lines and errors as the whole-file parse', async () => {
    const file = join(folder(), 'stores.csv');
    writeFileSync(
      file,
      [
        'storeId,name',
        'S-1,"two',
        'lines"',
        '',
        'S-2,plain',
        'S-3,"a ""quoted"" word"',
        'S-4,too,many',
        'S-5,"three',
        '',
        'lines"',
        'S-6,last',
      ].join('\n'),
    );
    const whole = parseImportText('.csv', readFileSync(file, 'utf8'));
    for (const size of [1, 2, 3, 100]) {
      const slices = await allSlices(file, '.csv', size);
      expect(slices.flatMap((s) => s.lines)).toEqual(whole.lines);
      expect(slices.flatMap((s) => s.errors)).toEqual(whole.errors);
      expect(slices.at(-1)!.linesThrough).toBe(11);
      // Resuming at any boundary reads exactly the rest.
      for (const [k, slice] of slices.entries()) {
        const rest = await allSlices(file, '.csv', size, { lines: slice.linesThrough, bytes: slice.bytesThrough });
        expect(rest.flatMap((s) => s.lines)).toEqual(slices.slice(k + 1).flatMap((s) => s.lines));
      }
    }
  });

  it('JSON Lines: blank and broken lines keep their numbers', async () => {
    const file = join(folder(), 'retailers.jsonl');
    writeFileSync(file, ['{"a":1}', '', '{broken', '{"a":4}', '{"a":5}'].join('\n'));
    const slices = await allSlices(file, '.jsonl', 2);
    expect(slices.flatMap((s) => s.lines)).toEqual([
      { line: 1, data: { a: 1 } },
      { line: 4, data: { a: 4 } },
      { line: 5, data: { a: 5 } },
    ]);
    expect(slices.flatMap((s) => s.errors)).toEqual([{ line: 3, reason: 'not valid JSON' }]);
    expect(slices.map((s) => s.linesThrough)).toEqual([2, 4, 5]);
  });
});

describe('loadFile: resumable, in slices', () => {
  it('stops after a slice, resumes after it, and ends with the counts of one uninterrupted load', async () => {
    const file = groupsFile(250, 120);
    const reference = await createTestBackend();
    const once = await loadFile(reference, file, { sliceLines: 100 });
    expect(once).toMatchObject({ created: 249, updated: 0, errorCount: 1, lines: 251, complete: true });
    expect(once.errors).toEqual([{ line: 121, reason: expect.stringContaining('customerGroupId') }]);

    const backend = await createTestBackend();
    const first = await loadFile(backend, file, { sliceLines: 100, resume: true, stopAfterSlices: 1 });
    expect(first).toMatchObject({ created: 100, linesDone: 101, complete: false, resumedFrom: 0 });
    expect(await groups(backend)).toHaveLength(100);

    const said: string[] = [];
    const second = await loadFile(backend, file, { sliceLines: 100, resume: true, progress: (l) => said.push(l), progressEveryMs: 0 });
    expect(second).toMatchObject({ created: 249, updated: 0, errorCount: 1, linesDone: 251, complete: true, resumedFrom: 101 });
    expect(second.errors).toEqual(once.errors);
    expect(said[0]).toBe('customerGroups.csv: resuming after line 101 of 251');
    expect(said.at(-1)).toMatch(/^customerGroups\.csv: 251 \/ 251 lines \(100\.0 %\), [\d,]+ rows\/s, ETA 0s$/);
    expect(await groups(backend)).toEqual(await groups(reference));

    // Done: a third run skips the file; without resume it loads again (idempotent: updates only).
    expect(await loadFile(backend, file, { sliceLines: 100, resume: true })).toMatchObject({
      created: 249,
      resumedFrom: 251,
      complete: true,
    });
    expect(await loadFile(backend, file, { sliceLines: 100 })).toMatchObject({ created: 0, updated: 249, complete: true });
  }, 60_000);

  it('a crash inside a slice: the restart repeats that slice only, without duplicates', async () => {
    const file = groupsFile(250);
    const backend = await createTestBackend();
    // Half the slice is written before the crash.
    const crashing = crashingAtSlice2(backend, (kind, lines) => backend.imports.importRecords(kind, lines.slice(0, 50)));
    await expect(loadFile(crashing, file, { sliceLines: 100, resume: true })).rejects.toThrow('crash');
    expect(await groups(backend)).toHaveLength(150);
    const again = await loadFile(backend, file, { sliceLines: 100, resume: true });
    // The repeated half slice counts as updated: created + updated covers every line once.
    expect(again).toMatchObject({ resumedFrom: 101, created: 200, updated: 50, complete: true });
    expect(await groups(backend)).toHaveLength(250);
  }, 60_000);

  it('slices in flight together: progress is recorded in file order, a crash keeps the prefix done', async () => {
    const file = groupsFile(450);
    const backend = await createTestBackend();
    // Slice 2 fails after slices 3 and 4 (in flight with it) have finished.
    const crashing = crashingAtSlice2(backend, () => new Promise((resolve) => setTimeout(resolve, 300)));
    await expect(loadFile(crashing, file, { sliceLines: 100, resume: true, concurrency: 3 })).rejects.toThrow('crash');
    const again = await loadFile(backend, file, { sliceLines: 100, resume: true, concurrency: 3 });
    expect(again).toMatchObject({ resumedFrom: 101, complete: true, lines: 451 });
    expect(again.created + again.updated).toBe(450);
    expect(await groups(backend)).toHaveLength(450);
  }, 60_000);

  it('aborted: the slices in flight finish and are recorded, then the load continues after them', async () => {
    const file = groupsFile(450);
    const backend = await createTestBackend();
    const stop = new AbortController();
    let calls = 0;
    const stopping: Backend = {
      ...backend,
      imports: {
        ...backend.imports,
        importRecords: async (kind, lines) => {
          if (++calls === 2) stop.abort();
          return backend.imports.importRecords(kind, lines);
        },
      },
    };
    const first = await loadFile(stopping, file, { sliceLines: 100, resume: true, concurrency: 2, signal: stop.signal });
    expect(first).toMatchObject({ complete: false, linesDone: 201, created: 200 });
    expect(await loadFile(backend, file, { sliceLines: 100, resume: true })).toMatchObject({
      resumedFrom: 201,
      complete: true,
      created: 450,
      updated: 0,
    });
  }, 60_000);

  it('a changed file is another load', async () => {
    const backend = await createTestBackend();
    const file = groupsFile(30);
    await loadFile(backend, file, { sliceLines: 10, resume: true, stopAfterSlices: 1 });
    writeFileSync(file, `${readFileSync(file, 'utf8')}G-LOAD-31,Group 31\r\n`);
    expect(await loadFile(backend, file, { sliceLines: 10, resume: true })).toMatchObject({
      resumedFrom: 0,
      created: 21,
      updated: 10,
      lines: 32,
    });
  }, 60_000);
});

describe('progressLine', () => {
  it('says lines done, the rate of this run and the time left', () => {
    expect(progressLine('transactions.csv', { linesDone: 120_000, lines: 2_000_001, rowsThisRun: 60_000, seconds: 40 })).toBe(
      'transactions.csv: 120,000 / 2,000,001 lines (6.0 %), 1,500 rows/s, ETA 20m 53s',
    );
  });
});
