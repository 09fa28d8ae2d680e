import { PassThrough } from 'node:stream';
import type { ExportFormat } from '@portal/core/connect';
import { fileName, readAhead } from '../export/export-runner.ts';
import type { ExportColumn, ExportRow } from '../export/export-source.ts';
import { CONTENT_TYPES, type FileWriter, fileWriters } from '../export/file-writers.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import { removeAll } from './report-job-entity.ts';

/**
 * Writes one run's rows as a file set (ADR 041 on ADR 033): the export's writers (CSV/XLSX) and its split
 * rule (`rowsPerFile` rows per file, `<stem>[_part-<n>].<ext>`), each file streamed to S3 while it is
 * written, one page read ahead. `onPage` is asked after every page (progress, cancel): false stops the run
 * with CancelledRun. On any failure every file this call started (finished or not) is removed, so a
 * cancelled or failed run leaves no half file set behind.
 */
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
  /** An empty run still writes one file with the header (false: no file at all). */
  headerOnlyWhenEmpty: boolean;
  onPage: (written: number) => Promise<boolean>;
};

export type WrittenFile = { index: number; name: string; key: string; rows: number; bytes: number };

export class CancelledRun extends Error {
  override readonly name = 'CancelledRun';
}

type Open = { index: number; name: string; key: string; rows: number; stream: PassThrough; writer: FileWriter; uploaded: Promise<{ bytes: number }> };

export async function writeFileSet(spec: FileSetSpec, rows: AsyncIterable<ExportRow[]>): Promise<{ files: WrittenFile[]; written: number }> {
  const { files, format, columns, timeZone, stem, rowsPerFile } = spec;
  const done: WrittenFile[] = [];
  const started: string[] = [];
  let current: Open | null = null;
  let written = 0;
  let split = spec.expectedRows > rowsPerFile;

  const open = (): Open => {
    const index = done.length;
    if (index > 0) split = true;
    const name = fileName(stem, format, index, split);
    const key = spec.keyOf(name);
    const stream = new PassThrough({ highWaterMark: 1024 * 1024 });
    const uploaded = files.upload(key, stream, CONTENT_TYPES[format]);
    uploaded.catch(() => {}); // awaited in close; an early failure also surfaces through `drained`
    started.push(key);
    return { index, name, key, rows: 0, stream, writer: fileWriters[format](stream, columns, timeZone), uploaded };
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
        await Promise.race([current.writer.settled(), current.uploaded]);
        if (current.rows >= rowsPerFile) {
          await close(current);
          current = null;
        }
      }
      if (!(await spec.onPage(written))) throw new CancelledRun('the job is no longer running');
    }
    if (current) await close(current);
    else if (done.length === 0 && spec.headerOnlyWhenEmpty) await close(open());
    return { files: done, written };
  } catch (error) {
    current?.stream.destroy(new Error('report run aborted'));
    await removeAll(files, started);
    throw error;
  }
}
