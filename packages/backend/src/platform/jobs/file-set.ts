import { PassThrough } from 'node:stream';
import type { ExportFormat } from '@portal/core/export';
import type { FileStore } from '../files/file-store.ts';
import type { ExportColumn, ExportRow } from './file-columns.ts';
import { CONTENT_TYPES, type FileWriter, fileWriters } from './file-writers.ts';

/**
 * Yields a source's pages, asking for the next page before handing out the current one. The first page is
 * asked for at once, before anything iterates: a reader started early is already reading (ADR
 * 099: the next day keys of a job's read).
 */
export function readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const pages = source[Symbol.asyncIterator]();
  let next = pages.next();
  next.catch(() => {}); // thrown where it is awaited
  return (async function* () {
    try {
      for (;;) {
        const page = await next;
        if (page.done) return;
        next = pages.next();
        yield page.value;
      }
    } finally {
      next.catch(() => {});
      await pages.return?.();
    }
  })();
}

export function fileName(stem: string, format: ExportFormat, part: number, split: boolean): string {
  return `${stem}${split ? `_part-${part + 1}` : ''}.${format}`;
}

/** A file of a set as written: its place in the set, name, S3 key, rows and bytes. */
export type WrittenFile = { index: number; name: string; key: string; rows: number; bytes: number };

/** A file streamed to S3 while it is written: the body to write it to, and the upload (awaited once the body ends). */
export function uploadStream(files: FileStore, key: string, format: ExportFormat) {
  const body = new PassThrough({ highWaterMark: 1024 * 1024 });
  const uploaded = files.upload(key, body, CONTENT_TYPES[format]);
  uploaded.catch(() => {}); // awaited by whoever ends the body; an early failure also surfaces while writing
  return { body, uploaded };
}

export type FileSetSpec = {
  files: FileStore;
  format: ExportFormat;
  columns: readonly ExportColumn[];
  timeZone: string;
  stem: string;
  /** The S3 key of a file of this set, by its name. */
  keyOf: (name: string) => string;
  rowsPerFile: number;
  /** The rows expected (the source's count): above rowsPerFile the first file is already named part 1. */
  expectedRows: number;
  /** An empty result still writes one file with the header (false: no file at all). */
  headerOnlyWhenEmpty: boolean;
  /** The XLSX sheet's name: the export's or the report's name in the file's language. */
  title?: string;
  /** Called with each file's key as it is started (before any byte is written). */
  onOpen?: (key: string) => void;
  /** Asked after every page with the progress so far (the files finished); throwing stops the set. */
  onPage: (progress: { written: number; files: WrittenFile[]; split: boolean }) => Promise<void>;
};

type Open = {
  index: number;
  name: string;
  key: string;
  rows: number;
  body: PassThrough;
  writer: FileWriter;
  uploaded: Promise<{ bytes: number }>;
};

/**
 * Writes a result's rows as a file set (the export, and a report run's on top of it, ADR 041): CSV or XLSX,
 * `rowsPerFile` rows per file named `<stem>[_part-<n>].<ext>`, each file streamed to S3 while it is written,
 * one page read ahead, the writer waited for while the upload or zlib are behind. On a failure the file being
 * written is aborted and the error thrown; what was uploaded stays (the caller removes it or lets it expire).
 */
export async function writeFileSet(
  spec: FileSetSpec,
  rows: AsyncIterable<readonly ExportRow[]>,
): Promise<{ files: WrittenFile[]; written: number; split: boolean }> {
  const { files, format, columns, timeZone, stem, rowsPerFile } = spec;
  const done: WrittenFile[] = [];
  let current: Open | null = null;
  let written = 0;
  let split = spec.expectedRows > rowsPerFile;

  const open = (): Open => {
    const index = done.length;
    if (index > 0) split = true;
    const name = fileName(stem, format, index, split);
    const key = spec.keyOf(name);
    const { body, uploaded } = uploadStream(files, key, format);
    spec.onOpen?.(key);
    return { index, name, key, rows: 0, body, writer: fileWriters[format](body, columns, timeZone, spec.title), uploaded };
  };
  const close = async (file: Open) => {
    await Promise.race([file.writer.end(), file.uploaded]);
    const { bytes } = await file.uploaded;
    done.push({ index: file.index, name: file.name, key: file.key, rows: file.rows, bytes });
  };

  try {
    for await (const page of readAhead(rows)) {
      let offset = 0;
      while (offset < page.length) {
        current ??= open();
        const take = Math.min(rowsPerFile - current.rows, page.length - offset);
        current.writer.write(offset === 0 && take === page.length ? page : page.slice(offset, offset + take));
        current.rows += take;
        written += take;
        offset += take;
        // Waits while the writer or the file stream hold more than they should (the upload or zlib are behind).
        await Promise.race([current.writer.settled(), current.uploaded]);
        if (current.rows >= rowsPerFile) {
          await close(current);
          current = null;
        }
      }
      await spec.onPage({ written, files: [...done], split });
    }
    if (current) await close(current);
    else if (done.length === 0 && spec.headerOnlyWhenEmpty) await close(open());
    return { files: done, written, split };
  } catch (error) {
    current?.body.destroy(new Error('file set aborted'));
    throw error;
  }
}
