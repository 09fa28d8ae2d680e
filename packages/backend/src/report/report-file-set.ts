import { type FileSetSpec, type WrittenFile, writeFileSet } from '../platform/jobs/file-set.ts';
import type { ExportRow } from '../platform/jobs/file-columns.ts';
import { removeAll } from './report-job-entity.ts';

/**
 * Writes one run's rows as a file set (ADR 041 on ADR 033): the shared writeFileSet (platform/jobs/file-set.ts,
 * ADR 059: its writers, split rule and streamed upload). `onPage` is asked after every page (progress, cancel): false stops the run
 * with CancelledRun. On any failure every file this call started (finished or not) is removed, so a
 * cancelled or failed run leaves no half file set behind.
 */
export type RunFileSetSpec = Omit<FileSetSpec, 'onOpen' | 'onPage'> & { onPage: (written: number) => Promise<boolean> };

export class CancelledRun extends Error {
  override readonly name = 'CancelledRun';
}

export async function writeRunFiles(
  spec: RunFileSetSpec,
  rows: AsyncIterable<ExportRow[]>,
): Promise<{ files: WrittenFile[]; written: number }> {
  const started: string[] = [];
  try {
    const { files, written } = await writeFileSet(
      {
        ...spec,
        onOpen: (key) => started.push(key),
        onPage: async ({ written }) => {
          if (!(await spec.onPage(written))) throw new CancelledRun('the job is no longer running');
        },
      },
      rows,
    );
    return { files, written };
  } catch (error) {
    await removeAll(spec.files, started);
    throw error;
  }
}
