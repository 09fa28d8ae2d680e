import { basename } from 'node:path';
import { type Backend, kindOfFileName } from '@portal/backend';
import { IMPORT_KINDS, type ImportReport, isImportKind, readSlices, type Slice } from '@portal/backend/import';
import { fileIdentity, fileSource } from './file-slices.ts';
import { getLoadProgress, type LoadProgress, putLoadProgress } from './seed-entity.ts';

/**
 * Loads one import file through the one import path (backend.imports.importRecords), streamed and in
 * slices, so a file of millions of lines (the large seed's 2,000,000 transactions: ~30 min on DynamoDB
 * Local) neither sits in memory nor starts over after a crash:
 * - the file is read chunk by chunk (the backend's slice reader, import/file-slices.ts, as the import
 *   worker on AWS reads S3 objects: ADR 069) and imported `sliceLines` lines at a time;
 * - with `resume`, after every slice the lines (and bytes) done and the counts so far are written to a progress item
 *   (pk `META#load`, sk `<file name>#<content hash>`); a later load of the same content skips those lines.
 *   The import is idempotent, so a slice cut short by a crash and imported again is harmless. A file
 *   whose content changed is another load (another hash) and starts at line 1; a finished load is skipped
 *   whole (pass `resume: false` to load it again);
 * - `progress` receives a line every `progressEveryMs`: lines done / total, rows/s of this run, ETA;
 * - `concurrency` slices may be imported at once; they are recorded in file order.
 */
export type LoadOptions = {
  sliceLines?: number;
  resume?: boolean;
  progress?: (line: string) => void;
  progressEveryMs?: number;
  /** Slices imported at once (default 1). More keep a slow store busy; progress stays a prefix of the file. */
  concurrency?: number;
  /** Stop after this many slices of this run (a partial load; tests stop and resume with it). */
  /** Aborted: no new slice is started; the slices in flight finish and are recorded (Ctrl-C in the CLIs). */
  signal?: AbortSignal;
  stopAfterSlices?: number;
};
export type LoadReport = ImportReport & {
  /** Every error's count; `errors` keeps this run's and, of resumed runs, the first PROGRESS_ERRORS. */
  errorCount: number;
  lines: number;
  linesDone: number;
  /** The line the load resumed after (0: from the start). */
  resumedFrom: number;
  complete: boolean;
  seconds: number;
};

export const DEFAULT_SLICE_LINES = 10_000;
/** Errors the progress item keeps for a resumed load's report (the count is always exact). */
const PROGRESS_ERRORS = 100;
/** The progress item (seed-entity.ts). */
type Progress = LoadProgress;

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const duration = (seconds: number) =>
  seconds >= 3600
    ? `${Math.floor(seconds / 3600)}h ${Math.round((seconds % 3600) / 60)}m`
    : seconds >= 60
      ? `${Math.floor(seconds / 60)}m ${Math.round(seconds % 60)}s`
      : `${Math.round(seconds)}s`;

/** The progress line: "transactions.csv: 120,000 / 2,000,001 lines (6.0 %), 1,420 rows/s, ETA 22m 10s". */
export function progressLine(name: string, p: { linesDone: number; lines: number; rowsThisRun: number; seconds: number }) {
  const rate = p.seconds > 0 ? p.rowsThisRun / p.seconds : 0;
  const left = p.lines - p.linesDone;
  const eta = rate > 0 ? duration(left / rate) : '?';
  const share = p.lines ? ((100 * p.linesDone) / p.lines).toFixed(1) : '100.0';
  return `${name}: ${int(p.linesDone)} / ${int(p.lines)} lines (${share} %), ${int(rate)} rows/s, ETA ${left > 0 ? eta : '0s'}`;
}

export async function loadFile(backend: Backend, file: string, options: LoadOptions = {}): Promise<LoadReport> {
  const named = kindOfFileName(file);
  if (!named) throw new Error(`${file}: name import files <kind>.csv, <kind>.json or <kind>.jsonl`);
  const { kind, format } = named;
  if (!isImportKind(kind)) throw new Error(`${file}: unknown kind '${kind}' (kinds: ${IMPORT_KINDS.join(', ')})`);
  const started = Date.now();
  const identity = await fileIdentity(file, format);
  const { db } = backend;
  const saved = options.resume ? await getLoadProgress(db, basename(file), identity.hash) : null;
  // A progress item without its byte offset (saved before loads resumed by offset) starts the load over.
  const previous = saved && (saved.done || saved.bytesDone !== undefined) ? saved : null;
  const progress: Progress = previous
    ? { ...previous, errors: [...previous.errors] }
    : { linesDone: 0, bytesDone: 0, created: 0, updated: 0, errorCount: 0, errors: [], done: false };
  const resumedFrom = progress.linesDone;
  const loadStarted = Date.now();
  const runErrors: { line: number; reason: string }[] = [];
  const name = basename(file);
  const every = options.progressEveryMs ?? 5000;
  let printed = Date.now();
  let rowsThisRun = 0;
  let slices = 0;
  const save = () => putLoadProgress(db, name, identity.hash, { kind, bytes: identity.bytes, lines: identity.lines }, progress, new Date());

  if (!progress.done) {
    options.progress?.(
      resumedFrom > 0
        ? `${name}: resuming after line ${int(resumedFrom)} of ${int(identity.lines)}`
        : `${name}: ${int(identity.lines)} lines, ${int(options.sliceLines ?? DEFAULT_SLICE_LINES)} a slice, ${options.concurrency ?? 1} at once`,
    );
    const sliceLines = options.sliceLines ?? DEFAULT_SLICE_LINES;
    const concurrency = Math.max(1, options.concurrency ?? 1);
    // Slices in flight, oldest first; they are recorded in file order, so the progress item's linesDone
    // is always a prefix of the file that is fully imported (slices after it that finished early are
    // imported again after a crash: harmless, the import is idempotent).
    const inFlight: { slice: Slice; part: Promise<ImportReport | null> }[] = [];
    const settle = async (): Promise<boolean> => {
      const { slice, part: pending } = inFlight.shift()!;
      const part = await pending;
      const errors = [...slice.errors, ...(part?.errors ?? [])].sort((a, b) => a.line - b.line);
      progress.created += part?.created ?? 0;
      progress.updated += part?.updated ?? 0;
      progress.errorCount += errors.length;
      runErrors.push(...errors);
      if (progress.errors.length < PROGRESS_ERRORS) progress.errors.push(...errors.slice(0, PROGRESS_ERRORS - progress.errors.length));
      rowsThisRun += slice.linesThrough - progress.linesDone;
      progress.linesDone = slice.linesThrough;
      progress.bytesDone = slice.bytesThrough;
      slices += 1;
      if (options.resume) await save();
      if (Date.now() - printed >= every) {
        printed = Date.now();
        options.progress?.(
          progressLine(name, {
            linesDone: progress.linesDone,
            lines: identity.lines,
            rowsThisRun,
            seconds: (printed - loadStarted) / 1000,
          }),
        );
      }
      return options.stopAfterSlices !== undefined && slices >= options.stopAfterSlices;
    };
    let stopped = false;
    const start = { lines: resumedFrom, bytes: progress.bytesDone ?? 0 };
    for await (const slice of readSlices(fileSource(file), format, { sliceLines, start })) {
      if (options.signal?.aborted) break;
      const part = slice.lines.length ? backend.imports.importRecords(kind, slice.lines) : Promise.resolve(null);
      part.catch(() => {}); // awaited (and thrown) in settle, in order; this keeps a later failure from being unhandled
      inFlight.push({ slice, part });
      if (inFlight.length >= concurrency && (stopped = await settle())) break;
    }
    while (!stopped && inFlight.length) stopped = await settle();
    // Stopped early: let the slices in flight finish (not recorded: a resumed load imports them again).
    await Promise.allSettled(inFlight.map((f) => f.part));
    if (!stopped && !options.signal?.aborted) {
      progress.done = true;
      progress.linesDone = identity.lines;
      if (options.resume) await save();
    }
  }
  // This run's errors in full; of earlier runs, what the progress item kept.
  const earlier = progress.errors.filter((e) => e.line <= resumedFrom);
  return {
    kind,
    created: progress.created,
    updated: progress.updated,
    errors: previous?.done ? progress.errors : [...earlier, ...runErrors],
    errorCount: progress.errorCount,
    lines: identity.lines,
    linesDone: progress.linesDone,
    resumedFrom,
    complete: progress.done,
    seconds: (Date.now() - started) / 1000,
  };
}
