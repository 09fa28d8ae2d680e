import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv, splitCsv } from './csv.ts';

describe('CSV (RFC 4180)', () => {
  it('reads a header and records into objects', () => {
    expect(parseCsv('id,name\n1,Alpha\n2,Beta\n')).toEqual({
      header: ['id', 'name'],
      records: [
        { line: 2, fields: { id: '1', name: 'Alpha' } },
        { line: 3, fields: { id: '2', name: 'Beta' } },
      ],
      errors: [],
    });
  });

  it('handles quoted fields with commas, escaped quotes and line breaks; numbers lines by where a record starts', () => {
    const text = 'id,name,note\r\n1,"Smith, John","He said ""hi"""\r\n2,"two\r\nlines","x"\r\n3,plain,\r\n';
    const { records, errors } = parseCsv(text);
    expect(errors).toEqual([]);
    expect(records).toEqual([
      { line: 2, fields: { id: '1', name: 'Smith, John', note: 'He said "hi"' } },
      { line: 3, fields: { id: '2', name: 'two\r\nlines', note: 'x' } },
      { line: 5, fields: { id: '3', name: 'plain', note: '' } },
    ]);
  });

  it('accepts LF and CRLF, a missing final line end, a byte order mark and blank lines', () => {
    expect(parseCsv('\uFEFFa,b\n\n1,2\r\n\r\n3,4').records).toEqual([
      { line: 3, fields: { a: '1', b: '2' } },
      { line: 5, fields: { a: '3', b: '4' } },
    ]);
  });

  it('keeps empty fields, spaces and a lone CR as data', () => {
    expect(parseCsv('a,b,c\n, x ,y\rz\n').records).toEqual([{ line: 2, fields: { a: '', b: ' x ', c: 'y\rz' } }]);
  });

  it('quoted empty field and a quoted field that is only a quote', () => {
    expect(parseCsv('a,b\n"",""""\n').records).toEqual([{ line: 2, fields: { a: '', b: '"' } }]);
  });

  it('reports a record with the wrong number of fields by its line and keeps the others', () => {
    const { records, errors } = parseCsv('a,b\n1,2\n1,2,3\n4\n5,6\n');
    expect(records.map((r) => r.line)).toEqual([2, 5]);
    expect(errors).toEqual([
      { line: 3, reason: 'expected 2 fields as in the header, found 3' },
      { line: 4, reason: 'expected 2 fields as in the header, found 1' },
    ]);
  });

  it('reports an unclosed quote and text after a closing quote', () => {
    expect(parseCsv('a,b\n1,"x"y\n2,3\n').errors).toEqual([{ line: 2, reason: 'not valid CSV: text after a closing quote' }]);
    expect(parseCsv('a,b\n1,2\n3,"open\n4,5\n')).toMatchObject({
      records: [{ line: 2 }],
      errors: [{ line: 3, reason: 'not valid CSV: a quoted field is not closed' }],
    });
  });

  it('refuses a header with an empty or repeated name', () => {
    expect(parseCsv('a,,b\n1,2,3\n').errors).toEqual([{ line: 1, reason: 'header: a field name is empty' }]);
    expect(parseCsv('a,b,a\n1,2,3\n').errors).toEqual([{ line: 1, reason: "header: 'a' appears twice" }]);
  });

  it('an empty text has no header and no records', () => {
    expect(parseCsv('')).toEqual({ header: [], records: [], errors: [] });
  });

  it('round-trips any table written with csvLine (property)', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', '\r', ' ', 'é', '1') });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.array(cell, { minLength: 4, maxLength: 4 }), { maxLength: 6 }),
        fc.boolean(),
        (width, rows, crlf) => {
          const header = ['f0', 'f1', 'f2', 'f3'].slice(0, width);
          const body = rows.map((r) => r.slice(0, width)).filter((r) => !(width === 1 && r[0] === ''));
          const eol = crlf ? '\r\n' : '\n';
          const text = [csvLine(header), ...body.map(csvLine)].join(eol) + eol;
          const parsed = splitCsv(text);
          expect(parsed.errors).toEqual([]);
          expect(parsed.records.map((r) => r.values)).toEqual([header, ...body]);
          // Line numbers: each record starts after the line ends of everything before it.
          let line = 1;
          parsed.records.forEach((record, k) => {
            expect(record.line).toBe(line);
            const written = k === 0 ? csvLine(header) : csvLine(body[k - 1]!);
            line += (written.match(/\n/g) ?? []).length + 1;
          });
        },
      ),
    );
  });
});
