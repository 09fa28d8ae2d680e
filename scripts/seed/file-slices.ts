import { createReadStream, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { type Backend, type ImportFormat, parseImportText } from '@portal/backend';

type ImportLine = Parameters<Backend['imports']['importRecords']>[1][number];

/**
 * Reads an import file as slices of records without holding the file: a file of millions of lines is
 * read chunk by chunk, split into physical lines, and every `sliceLines` lines (at a record boundary)
 * parsed with the import's own parsers (parseImportText), their line numbers moved to the file's. A
 * `.json` file is one array and has no lines to stream: it is read whole and sliced by position.
 *
 * CSV records may span physical lines inside a quoted field: a slice ends only where the double quotes
 * seen so far are balanced (RFC 4180 escapes a quote as `""`, which keeps the count even). A lenient
 * stray quote in an unquoted field can make a slice longer than asked, never wrong: the slice text is
 * still parsed by the same reader as a whole file would be.
 */
export type Slice = {
  lines: ImportLine[];
  errors: { line: number; reason: string }[];
  /** Physical lines of the file (or records of a .json array) consumed through the end of this slice. */
  linesThrough: number;
};

/** Splits a stream of text chunks into physical lines (LF; a CR before it stays with the line). */
async function* physicalLines(file: string): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const text = rest + (chunk as string);
    let from = 0;
    for (let at = text.indexOf('\n', from); at !== -1; at = text.indexOf('\n', from)) {
      yield text.slice(from, at);
      from = at + 1;
    }
    rest = text.slice(from);
  }
  if (rest) yield rest;
}

const quotes = (line: string) => {
  let n = 0;
  for (let at = line.indexOf('"'); at !== -1; at = line.indexOf('"', at + 1)) n += 1;
  return n;
};

/**
 * The slices of `file`, skipping the first `skipLines` physical lines (a resumed load: they were
 * imported before; the CSV header is always read). `skipLines` must be a slice boundary an earlier
 * read returned (linesThrough), so it never falls inside a record.
 */
export async function* readSlices(
  file: string,
  format: ImportFormat,
  options: { sliceLines: number; skipLines?: number },
): AsyncGenerator<Slice> {
  const skip = options.skipLines ?? 0;
  if (format === '.json') {
    const { lines, errors } = parseImportText(format, readFileSync(file, 'utf8'));
    if (errors.length) {
      yield { lines: [], errors, linesThrough: 0 };
      return;
    }
    for (let start = skip; start < lines.length; start += options.sliceLines) {
      const part = lines.slice(start, start + options.sliceLines);
      yield { lines: part, errors: [], linesThrough: start + part.length };
    }
    return;
  }
  const csv = format === '.csv';
  let header: string | undefined;
  let lineNo = 0;
  let first = 0; // the physical line number of the slice's first line
  let buffer: string[] = [];
  let open = false; // inside a quoted CSV field
  const flush = (): Slice => {
    // Each line keeps its line end: a CRLF line's CR needs its LF (a lone CR is data to the CSV reader).
    const text = `${buffer.join('\n')}\n`;
    // The header makes the slice a CSV file of its own: its line 2 is the file's line `first`.
    const parsed = parseImportText(format, csv ? `${header}\n${text}` : text);
    const shift = csv ? first - 2 : first - 1;
    const move = (line: number) => line + shift;
    buffer = [];
    return {
      lines: parsed.lines.map((l) => ({ line: move(l.line), data: l.data })),
      errors: parsed.errors.map((e) => ({ line: move(e.line), reason: e.reason })),
      linesThrough: lineNo,
    };
  };
  for await (const line of physicalLines(file)) {
    lineNo += 1;
    if (csv && header === undefined) {
      header = line;
      continue;
    }
    if (lineNo <= skip) continue;
    if (buffer.length === 0) first = lineNo;
    buffer.push(line);
    if (csv && quotes(line) % 2 === 1) open = !open;
    if (!open && buffer.length >= options.sliceLines) yield flush();
  }
  if (buffer.length) yield flush();
}

/**
 * One streaming pass over the file: its physical line count (records of a .json array) and a content
 * hash, which names the load (a regenerated file with the same content resumes; any change starts over).
 */
export async function fileIdentity(file: string, format: ImportFormat): Promise<{ hash: string; lines: number; bytes: number }> {
  const hash = createHash('sha256');
  let lines = 0;
  let bytes = 0;
  let last = 10;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buf = chunk as Buffer;
    hash.update(buf);
    bytes += buf.length;
    for (let at = buf.indexOf(10); at !== -1; at = buf.indexOf(10, at + 1)) lines += 1;
    last = buf[buf.length - 1] ?? last;
  }
  if (last !== 10) lines += 1; // a last line without a line end
  if (format === '.json') {
    const { lines: records } = parseImportText(format, readFileSync(file, 'utf8'));
    lines = records.length;
  }
  return { hash: hash.digest('hex').slice(0, 16), lines, bytes };
}
