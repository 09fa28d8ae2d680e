import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FileSetSpec, fileName, uploadStream, type WrittenFile } from '../platform/jobs/file-set.ts';
import type { ExportColumn } from '../platform/jobs/file-columns.ts';
import { csvWriter } from '../platform/jobs/file-writers.ts';
import { mapLimit } from '../platform/db/batch.ts';

/**
 * The join of a fanned-out run (ADR 041): the parts' files, in part order, become one file set.
 * - CSV: an output file of one segment is that segment, copied inside S3 (CopyObject, ADR 074); otherwise
 *   consecutive segments are streamed into one object per output file, the first whole, every later
 *   one without its byte-order mark and header row, a new output file starting where the next segment
 *   would take it past `rowsPerFile`. The result is byte for byte what one run writes when the set is one
 *   file; above the per-file limit the files split at part boundaries (parts are sized below the limit).
 *   Not UploadPartCopy: S3 wants every copied part but the last >= 5 MB, and the local S3 (s3rver) has no
 *   UploadPartCopy; a streamed copy is one way on both, at S3's read+write rate inside the region.
 * - XLSX: a workbook cannot be concatenated; each segment (sized to the per-file limit) is a file of the
 *   set as it is, named in order.
 */
export type Segment = { key: string; rows: number; bytes: number };

/** The CSV writer's byte-order mark and header row for these columns: what a later segment drops. */
export async function csvHeaderBytes(columns: readonly ExportColumn[], timeZone: string): Promise<number> {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  await csvWriter(sink, columns, timeZone).end();
  return bytes;
}

/** Groups segments, in order, into files of at most `rowsPerFile` rows (a segment is never cut). */
export function groupSegments(segments: readonly Segment[], rowsPerFile: number): Segment[][] {
  const groups: Segment[][] = [];
  let current: Segment[] = [];
  let rows = 0;
  for (const segment of segments) {
    if (current.length > 0 && rows + segment.rows > rowsPerFile) {
      groups.push(current);
      current = [];
      rows = 0;
    }
    current.push(segment);
    rows += segment.rows;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

export async function joinSegments(
  options: Pick<FileSetSpec, 'files' | 'format' | 'columns' | 'timeZone' | 'stem' | 'keyOf' | 'rowsPerFile'> & {
    segments: readonly Segment[];
  },
): Promise<WrittenFile[]> {
  const { files, format, stem, segments } = options;
  if (format === 'xlsx') {
    const withRows = segments.filter((s, i) => s.rows > 0 || (i === 0 && segments.every((t) => t.rows === 0)));
    const split = withRows.length > 1;
    return withRows.map((s, index) => ({ index, name: fileName(stem, format, index, split), key: s.key, rows: s.rows, bytes: s.bytes }));
  }
  const header = await csvHeaderBytes(options.columns, options.timeZone);
  // Segments without rows add nothing but their header; the first segment always gives the header.
  const useful = segments.filter((s, i) => i === 0 || s.rows > 0);
  const groups = groupSegments(useful, options.rowsPerFile);
  const split = groups.length > 1;
  const out: WrittenFile[] = [];
  // An output file of one segment is that segment's bytes: copied inside S3, 8 at a time (a month's ~150
  // part files, ~30 GB, in seconds rather than streamed through this invocation; ADR 074).
  const copies = [...groups.entries()].filter(([, group]) => group.length === 1);
  const copied = await mapLimit(copies, 8, async ([index, [segment]]) => {
    const name = fileName(stem, format, index, split);
    const key = options.keyOf(name);
    if (segment) await files.copy(segment.key, key);
    return { index, name, key, rows: segment?.rows ?? 0, bytes: segment?.bytes ?? 0 };
  });
  for (const [index, group] of groups.entries()) {
    if (group.length === 1) continue;
    const name = fileName(stem, format, index, split);
    const key = options.keyOf(name);
    const { body, uploaded } = uploadStream(files, key, format);
    try {
      for (const [i, segment] of group.entries()) {
        const from = i === 0 ? 0 : header;
        if (from >= segment.bytes) continue;
        await pipeline(await files.readStream(segment.key, from), body, { end: false });
      }
      body.end();
    } catch (error) {
      body.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    const { bytes } = await uploaded;
    out.push({ index, name, key, rows: group.reduce((n, s) => n + s.rows, 0), bytes });
  }
  out.push(...copied);
  out.sort((a, b) => a.index - b.index);
  return out;
}
