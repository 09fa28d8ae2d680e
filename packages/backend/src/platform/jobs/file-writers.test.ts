import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutralise } from './cell-values.ts';
import { csvField, csvText, csvWriter } from './file-writers.ts';
import type { ExportColumn } from './file-columns.ts';

/**
 * The CSV writer's own quoting (ADR 099) against csv-stringify, which wrote the records
 * before: the same bytes for any text, hostile characters included, with a lone CR or LF quoted
 * (`quote_record_delimiter`), which csv-stringify left bare with CRLF records.
 */
const cellText = fc.string({
  unit: fc.constantFrom('a', 'Z', '0', ' ', ',', '"', '\r', '\n', '=', '-', '\t', 'ü', '✓', ';', "'"),
  maxLength: 12,
});

describe('CSV fields', () => {
  it('join to the record csv-stringify writes (RFC 4180, CRLF, a lone CR or LF quoted)', () => {
    fc.assert(
      fc.property(fc.array(cellText, { minLength: 1, maxLength: 6 }), (cells) => {
        expect(`${cells.map(csvField).join(',')}\r\n`).toBe(
          stringify([cells], { record_delimiter: 'windows', quote_record_delimiter: true }),
        );
      }),
      { numRuns: 2_000, seed: 33 },
    );
  });

  it('of text: the one test for plain text answers what neutralising then quoting answers (ADR 124)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', '0', ' ', ',', '"', '\r', '\n', '=', '+', '-', '@', '\t', 'ü'), maxLength: 8 }),
        (text) => {
          expect(csvText(text)).toBe(csvField(neutralise(text)));
        },
      ),
      { numRuns: 5_000, seed: 124 },
    );
  });

  it('make the file csv-stringify made: BOM, neutralised header and cells, empty cells for null', async () => {
    const columns: ExportColumn[] = [
      { key: 'note', header: '=Note', kind: 'text' },
      { key: 'amount', header: 'Amount', kind: 'amount' },
      { key: 'at', header: 'Date', kind: 'datetime' },
    ];
    const rows = [
      { note: 'plain, "quoted"\r\nnext', amount: -500, currency: 'EUR', at: '2026-11-20T12:00:00.000Z' },
      { note: '-2+3', amount: null, currency: 'JPY', at: null },
      { note: '', amount: 1234, currency: 'JPY', at: '2026-03-29T01:30:00.000Z' },
    ];
    const out = new PassThrough();
    const written = buffer(out);
    const writer = csvWriter(out, columns, 'Europe/Berlin');
    writer.write(rows);
    await writer.end();
    const expected = [
      ["'=Note", 'Amount', 'Date'],
      ['plain, "quoted"\r\nnext', '-5.00', '2026-11-20 13:00:00'],
      ["'-2+3", '', ''],
      ['', '1234', '2026-03-29 03:30:00'],
    ];
    expect((await written).toString('utf8')).toBe(`\ufeff${stringify(expected, { record_delimiter: 'windows' })}`);
  });
});
