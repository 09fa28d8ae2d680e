import { type ImportFormat, type ImportLine, parseImportText } from './files.ts';

/**
 * Reads an import file as slices of records without holding the file (ADR 069): the bytes are read chunk by
 * chunk from a source (a local file, an S3 object), split into physical lines, and every `sliceLines` lines
 * (at a record boundary) parsed with the import's own parsers (parseImportText), their line numbers moved to
 * the file's. A `.json` file is one array and has no lines to stream: it is read whole and sliced by position.
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
  /** Bytes of the file consumed through the end of this slice (a .json file: records, as `linesThrough`). */
  bytesThrough: number;
};

/** The file's bytes from `fromByte` on (a ranged read): `createReadStream(file, { start })`, an S3 GET with Range. */
export type ByteSource = (fromByte: number) => Promise<AsyncIterable<Buffer | string>>;

/** Where a resumed read starts: a slice boundary an earlier read returned (its linesThrough and bytesThrough). */
export type SliceStart = { lines: number; bytes: number };

const LF = 10;

/** Splits the byte stream into physical lines (LF; a CR before it stays with the line), each with the byte after it. */
async function* physicalLines(chunks: AsyncIterable<Buffer | string>, fromByte: number): AsyncGenerator<{ text: string; end: number }> {
  let rest: Buffer = Buffer.alloc(0);
  let at = fromByte; // the file offset of rest's first byte
  for await (const chunk of chunks) {
    const buf = rest.length ? Buffer.concat([rest, Buffer.from(chunk)]) : Buffer.from(chunk);
    let from = 0;
    for (let lf = buf.indexOf(LF, from); lf !== -1; lf = buf.indexOf(LF, from)) {
      yield { text: buf.toString('utf8', from, lf), end: at + lf + 1 };
      from = lf + 1;
    }
    rest = buf.subarray(from);
    at += from;
  }
  if (rest.length) yield { text: rest.toString('utf8'), end: at + rest.length };
}

const quotes = (line: string) => {
  let n = 0;
  for (let at = line.indexOf('"'); at !== -1; at = line.indexOf('"', at + 1)) n += 1;
  return n;
};

/** The whole text of the source (a .json array, the only format that cannot be streamed). */
async function readAll(source: ByteSource): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of await source(0)) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts).toString('utf8');
}

/** A CSV file's header line (the first physical line), for a read that resumes past it. */
async function headerOf(source: ByteSource): Promise<string> {
  for await (const line of physicalLines(await source(0), 0)) return line.text;
  return '';
}

/**
 * The slices of the file, from `start` on (a resumed read: the lines before it were read before; a CSV
 * header is always read). `start` must be a slice boundary an earlier read returned, so it never falls
 * inside a record.
 */
export async function* readSlices(
  source: ByteSource,
  format: ImportFormat,
  options: { sliceLines: number; start?: SliceStart },
): AsyncGenerator<Slice> {
  const start = options.start ?? { lines: 0, bytes: 0 };
  if (format === '.json') {
    const { lines, errors } = parseImportText(format, await readAll(source));
    if (errors.length) {
      yield { lines: [], errors, linesThrough: 0, bytesThrough: 0 };
      return;
    }
    for (let at = start.lines; at < lines.length; at += options.sliceLines) {
      const part = lines.slice(at, at + options.sliceLines);
      yield { lines: part, errors: [], linesThrough: at + part.length, bytesThrough: at + part.length };
    }
    return;
  }
  const csv = format === '.csv';
  let header = csv && start.bytes > 0 ? await headerOf(source) : undefined;
  let lineNo = start.lines;
  let first = 0; // the physical line number of the slice's first line
  let end = start.bytes;
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
      bytesThrough: end,
    };
  };
  for await (const line of physicalLines(await source(start.bytes), start.bytes)) {
    lineNo += 1;
    end = line.end;
    if (csv && header === undefined) {
      header = line.text;
      continue;
    }
    if (buffer.length === 0) first = lineNo;
    buffer.push(line.text);
    if (csv && quotes(line.text) % 2 === 1) open = !open;
    if (!open && buffer.length >= options.sliceLines) yield flush();
  }
  if (buffer.length) yield flush();
}
