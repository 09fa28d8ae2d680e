import { parseCsv } from './csv.ts';

/**
 * Import file formats (ADR 014). The kind is the file name without its extension (`stores.csv` holds
 * stores); the extension names the format:
 * - `.jsonl`: JSON Lines, one object per line; line numbers are the file's lines; blank lines skipped.
 * - `.json`:  one JSON array of objects; the "line number" of a record is its position in the array
 *             (1 = the first element), as a JSON document has no line per record.
 * - `.csv`:   RFC 4180 with a header row naming the fields (csv.ts); a record's line number is the
 *             physical line it starts on (the header is line 1). Every value is text: numbers and
 *             booleans are read by the kinds' rules; an empty cell is an absent field. Nested fields
 *             (an account's modules, a brand's hosts) have no CSV form: use JSON or JSON Lines for them.
 */
export const IMPORT_FORMATS = ['.jsonl', '.json', '.csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One record of a file with its 1-based line number (what the import service validates and writes). */
export type ImportLine = { line: number; data: unknown };

export type ParsedFile = { lines: ImportLine[]; errors: { line: number; reason: string }[] };

/** The kind and format named by a file name (`/data/sales.csv` -> sales, .csv), or null. */
export function kindOfFileName(fileName: string): { kind: string; format: ImportFormat } | null {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const format = IMPORT_FORMATS.find((ext) => base.toLowerCase().endsWith(ext));
  if (!format) return null;
  return { kind: base.slice(0, -format.length), format };
}

export function parseImportText(format: ImportFormat, text: string): ParsedFile {
  if (format === '.jsonl') return parseJsonLines(text);
  if (format === '.csv') {
    const { records, errors } = parseCsv(text);
    return {
      lines: records.map(({ line, fields }) => ({
        line,
        data: Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== '')),
      })),
      errors,
    };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { lines: [], errors: [{ line: 1, reason: 'not valid JSON' }] };
  }
  if (!Array.isArray(data)) return { lines: [], errors: [{ line: 1, reason: 'a .json file holds one array of records' }] };
  return { lines: data.map((record, index) => ({ line: index + 1, data: record })), errors: [] };
}

/** Splits JSON Lines text into records with their 1-based line numbers; blank lines are skipped. */
export function parseJsonLines(text: string): {
  lines: ImportLine[];
  errors: { line: number; reason: string }[];
} {
  const lines: ImportLine[] = [];
  const errors: { line: number; reason: string }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (!raw.trim()) return;
    try {
      lines.push({ line: index + 1, data: JSON.parse(raw) });
    } catch {
      errors.push({ line: index + 1, reason: 'not valid JSON' });
    }
  });
  return { lines, errors };
}
