/**
 * A small RFC 4180 CSV reader for import files (ADR 014).
 * - Fields are separated by commas, records by CRLF or LF (a lone CR is data, as in JSON Lines files).
 * - A field may be quoted with double quotes; inside it commas, CR, LF are data and `""` is one quote.
 *   A quote inside an unquoted field is data too (lenient, as most producers write it); text after a
 *   closing quote other than a separator or line end is an error.
 * - The first record is the header naming the fields (trimmed; a UTF-8 byte order mark is dropped).
 *   Header names must be unique and non-empty.
 * - Every later record becomes an object of header name -> text. A record's line number is the physical
 *   line on which it starts (1 = the header), so a quoted field spanning lines does not shift the numbers
 *   of the records after it. Empty lines are skipped; a record with more or fewer fields than the header
 *   is reported with its line number.
 */
export type CsvRecord = { line: number; fields: Record<string, string> };
export type CsvResult = { header: string[]; records: CsvRecord[]; errors: { line: number; reason: string }[] };

type RawRecord = { line: number; values: string[] };

/** Splits CSV text into raw records (arrays of field text) with their starting line numbers. */
export function splitCsv(text: string): { records: RawRecord[]; errors: { line: number; reason: string }[] } {
  const records: RawRecord[] = [];
  const errors: { line: number; reason: string }[] = [];
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  while (i < n) {
    const start = line;
    const values: string[] = [];
    let broken: string | null = null;
    // One record: fields until an unquoted line end or the end of the text.
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        i += 1;
        let closed = false;
        while (i < n) {
          const quote = text.indexOf('"', i);
          const end = quote === -1 ? n : quote;
          const chunk = text.slice(i, end);
          value += chunk;
          for (let k = chunk.indexOf('\n'); k !== -1; k = chunk.indexOf('\n', k + 1)) line += 1;
          i = end;
          if (quote === -1) break;
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i += 1;
          closed = true;
          break;
        }
        if (!closed) {
          broken ??= 'a quoted field is not closed';
        } else if (i < n && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n')) {
          broken ??= 'text after a closing quote';
          // Skip to the next separator or line end so the following records still parse.
          while (i < n && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n')) i += 1;
        }
      } else {
        const from = i;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === 44 /* , */ || c === 10 /* LF */ || (c === 13 /* CR */ && text.charCodeAt(i + 1) === 10)) break;
          i += 1;
        }
        value = text.slice(from, i);
      }
      values.push(value);
      if (i < n && text[i] === ',') {
        i += 1;
        continue;
      }
      // Line end (or end of text): the record is complete.
      if (text[i] === '\r') i += 2;
      else if (text[i] === '\n') i += 1;
      line += 1;
      break;
    }
    if (broken) errors.push({ line: start, reason: `not valid CSV: ${broken}` });
    else if (!(values.length === 1 && values[0] === '')) records.push({ line: start, values });
  }
  return { records, errors };
}

/** Parses CSV text with a header row into records keyed by the header's field names. */
export function parseCsv(text: string): CsvResult {
  const { records, errors } = splitCsv(text);
  const [head, ...rows] = records;
  if (!head) return { header: [], records: [], errors };
  const header = head.values.map((name) => name.trim());
  const seen = new Set<string>();
  for (const name of header) {
    if (!name) return { header, records: [], errors: [...errors, { line: head.line, reason: 'header: a field name is empty' }] };
    if (seen.has(name)) return { header, records: [], errors: [...errors, { line: head.line, reason: `header: '${name}' appears twice` }] };
    seen.add(name);
  }
  const out: CsvRecord[] = [];
  for (const row of rows) {
    if (row.values.length !== header.length) {
      errors.push({ line: row.line, reason: `expected ${header.length} fields as in the header, found ${row.values.length}` });
      continue;
    }
    out.push({ line: row.line, fields: Object.fromEntries(header.map((name, k) => [name, row.values[k]!])) });
  }
  errors.sort((a, b) => a.line - b.line);
  return { header, records: out, errors };
}

/** Quotes a value for CSV output when it needs it (comma, quote, CR or LF, or surrounding spaces). */
export function csvField(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (without the line end) of the given values. */
export const csvLine = (values: readonly unknown[]) => values.map(csvField).join(',');
