import type { ImportFileStatus, ImportFileView, ImportLineError } from '@portal/core/transaction';
import type { AlertTheme } from '../../../lib/snack.ts';
import { formatNumber } from '../../../lib/user-format.ts';

/** How an import reads on screen (pure, unit-tested). */

/** The badge colour of each status (ADR 069): in work blue, done green, refused red. */
export const STATUS_THEME: Record<ImportFileStatus, AlertTheme> = { checking: 'blue', importing: 'blue', done: 'green', rejected: 'red' };

/** The file's name: the last segment of its key (`sftp/P-1/imports/transactions.jsonl` → `transactions.jsonl`). */
export const fileName = (key: string): string => key.slice(key.lastIndexOf('/') + 1) || key;

/**
 * How far the current phase has read, 0–100 (a phase reads the file from its start: checking, then
 * importing); 100 once done, null for a rejected file or an empty one (nothing to show a bar for).
 */
export function phasePercent(file: Pick<ImportFileView, 'status' | 'bytes' | 'bytesDone'>): number | null {
  if (file.status === 'done') return 100;
  if (file.status === 'rejected' || file.bytes <= 0) return null;
  return Math.min(100, Math.floor((file.bytesDone / file.bytes) * 100));
}

/** A byte count in B, KB or MB (decimal units, one fraction digit from KB on), the number in the locale. */
export function sizeText(bytes: number, locale: string): string {
  if (bytes < 1000) return `${formatNumber(bytes, locale)} B`;
  return bytes < 1_000_000 ? `${formatNumber(bytes / 1000, locale, 1)} KB` : `${formatNumber(bytes / 1_000_000, locale, 1)} MB`;
}

/**
 * A line error as rows of line, field and message: the import's reasons read `<field path>: <message>`,
 * several joined by '; ' (zod's issues); a reason without a path (an unknown store, a refused write) has no field.
 */
export function issuesOf({ line, reason }: ImportLineError): { line: number; field: string; message: string }[] {
  return reason.split('; ').map((issue) => {
    const [, field, message] = /^([A-Za-z_][\w.[\]-]*): (.+)$/s.exec(issue) ?? [];
    return field && message ? { line, field, message } : { line, field: '', message: issue };
  });
}

/** Whether the answer's errors are fewer than the file has (the API keeps the first 100, ADR 069). */
export const errorsCut = (file: Pick<ImportFileView, 'errorCount'> & { errors: readonly unknown[] }) =>
  file.errorCount > file.errors.length;
