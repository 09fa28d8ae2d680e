import { randomUUID } from 'node:crypto';
import type { Db } from '../platform/db/client.ts';
import { FileChanged } from '../platform/files/index.ts';
import type { Clock } from '../platform/time.ts';
import { getCustomer } from '../customers/index.ts';
import { type ByteSource, readSlices, type Slice } from './file-slices.ts';
import { kindOfFileName } from './files.ts';
import {
  claimImportFile,
  createImportFile,
  getImportErrors,
  getImportFile,
  IMPORT_ERROR_REASON_CHARS,
  IMPORT_ERRORS_KEPT,
  type ImportFile,
  type LineError,
  saveImportProgress,
} from './import-file-entity.ts';
import { continuationOf, fileIdOf, type ImportFileRef, importPlaceOf } from './import-file-ref.ts';
import { claimOwnerSlot, IMPORT_OWNER_AT_ONCE, releaseOwnerSlot } from './import-owner-slot-entity.ts';
import { type ImportKind, type ImportService, isQueueKind } from './import-service.ts';

/**
 * The import worker (ADR 069): one S3 object per call, in two phases under a lease on its file item.
 * 1. checking: every line parsed and checked against its kind's schema (and, from a customer's SFTP folder,
 *    against its folder's customer) slice by slice, nothing written. Any error: the file is poisoned —
 *    status `rejected` with its line errors, and the caller fails the message so it ends in the DLQ.
 * 2. importing: slice by slice through the one import path (importRecords, idempotent per line); a record
 *    refused by its write (an unknown store) is a line error, as in every import.
 * After each slice the position is saved; when the time budget runs low the worker stops between slices
 * and sends a continuation message, so a file of any size goes on in a new invocation (Lambda: 15 minutes).
 * Each file holds one of its owner's slots while it runs (ADR 101): an owner at its cap is deferred.
 */
export type ImportWorkerDeps = {
  db: Db;
  now: Clock;
  imports: Pick<ImportService, 'importRecords' | 'checkRecords'>;
  /** The object's bytes from an offset on (a ranged S3 GET). */
  source: (ref: ImportFileRef) => ByteSource;
  /** Sends the continuation message to the import queue. */
  continueLater: (body: string) => Promise<void>;
  /** Imports of one owner at once (IMPORT_OWNER_AT_ONCE; tests: 1). */
  ownerAtOnce?: number;
  /** The buckets files are imported from (the reports bucket); others are skipped. */
  buckets: readonly string[];
  sliceLines?: number;
  /** Time kept free after the last slice started: a slice never runs into the invocation's end. */
  reserveMs?: number;
};

/**
 * done / continued: the message is finished; rejected: poisoned (to the DLQ); skipped: nothing to do here;
 * deferred: its owner imports IMPORT_OWNER_AT_ONCE files already, the file is sent again for later.
 */
export type ImportOutcome = 'done' | 'continued' | 'rejected' | 'skipped' | 'deferred';

export const IMPORT_SLICE_LINES = 1_000;
const RESERVE_MS = 120_000;
/** Kinds a customer's SFTP folder may deliver, and the field naming the customer each line is for. */
const FOLDER_KINDS: Partial<Record<ImportKind, string>> = { transactions: 'customerId' };

const cut = (errors: LineError[]) => errors.map((e) => ({ line: e.line, reason: e.reason.slice(0, IMPORT_ERROR_REASON_CHARS) }));

/** Whether a line of `owner`'s folder is for that customer or for a customer of that group (ADR 015's rule). */
function ownerCheck(db: Db, owner: string) {
  const groups = new Map<string, Promise<string | undefined>>();
  return async (customerId: unknown): Promise<boolean> => {
    if (customerId === owner) return true;
    if (typeof customerId !== 'string') return true; // the schema reports it
    if (!groups.has(customerId))
      groups.set(
        customerId,
        getCustomer(db, customerId).then((c) => c?.customerGroupId),
      );
    return (await groups.get(customerId)) === owner;
  };
}

/** The file's item: read, or created as the notification names it (with the reason when it cannot be imported). */
async function fileOf(deps: ImportWorkerDeps, ref: ImportFileRef, owner: string, name: string): Promise<ImportFile> {
  const fileId = fileIdOf(ref);
  const known = await getImportFile(deps.db, fileId);
  if (known) return known;
  const at = deps.now().toISOString();
  const kind = kindOfFileName(name)?.kind ?? '';
  const problem = !kindOfFileName(name)
    ? `${name}: name import files <kind>.csv, <kind>.json or <kind>.jsonl`
    : !isQueueKind(kind)
      ? `${name}: '${kind}' is no kind a file from S3 may hold`
      : owner && !FOLDER_KINDS[kind]
        ? `${name}: a customer's folder delivers ${Object.keys(FOLDER_KINDS).join(', ')} only`
        : undefined;
  return createImportFile(deps.db, {
    fileId,
    ...ref,
    owner,
    kind,
    status: problem ? 'rejected' : 'checking',
    linesDone: 0,
    bytesDone: 0,
    created: 0,
    updated: 0,
    errorCount: problem ? 1 : 0,
    ...(problem ? { problem, finishedAt: at } : {}),
    runs: 0,
    receivedAt: at,
    updatedAt: at,
  });
}

export async function importFile(deps: ImportWorkerDeps, ref: ImportFileRef, remainingMs: () => number): Promise<ImportOutcome> {
  const place = importPlaceOf(ref.key);
  if (!place || !deps.buckets.includes(ref.bucket)) return 'skipped';
  const file = await fileOf(deps, ref, place.owner, place.name);
  if (file.status === 'rejected') return 'rejected';
  if (file.status === 'done') return 'skipped';
  // Both leases end a minute after this invocation can: a worker that dies frees the file and its owner's slot.
  const until = new Date(deps.now().getTime() + remainingMs() + 60_000);
  const cap = deps.ownerAtOnce ?? IMPORT_OWNER_AT_ONCE;
  if (!(await claimOwnerSlot(deps.db, file.owner, file.fileId, cap, deps.now(), until))) return 'deferred';
  let outcome: ImportOutcome;
  try {
    const lease = randomUUID();
    if (!(await claimImportFile(deps.db, file.fileId, lease, deps.now(), until))) return 'skipped'; // another worker has it
    outcome = await runPhases(deps, ref, file, lease, remainingMs);
  } finally {
    await releaseOwnerSlot(deps.db, file.owner, file.fileId);
  }
  // Sent once the slot is free again: the continuation competes for it like any of the owner's files.
  if (outcome === 'continued') await deps.continueLater(continuationOf(ref));
  return outcome;
}

async function runPhases(
  deps: ImportWorkerDeps,
  ref: ImportFileRef,
  file: ImportFile,
  lease: string,
  remainingMs: () => number,
): Promise<ImportOutcome> {
  const { db } = deps;
  const { kind } = file;
  const named = kindOfFileName(ref.key);
  if (!named || !isQueueKind(kind)) return 'rejected'; // refused when its item was made (fileOf)
  const { format } = named;
  // A range from the object's end is refused (416): a phase saved at the end reads nothing more.
  const nothing = async function* (): AsyncGenerator<Buffer> {};
  const source: ByteSource = async (fromByte) => (format !== '.json' && fromByte >= ref.bytes ? nothing() : deps.source(ref)(fromByte));
  const { status, linesDone, bytesDone, created, updated, errorCount } = file;
  const progress = { status, linesDone, bytesDone, created, updated, errorCount };
  const kept = file.errorCount > 0 ? await getImportErrors(db, file.fileId) : [];
  const owns = file.owner ? ownerCheck(db, file.owner) : null;
  const ownerField = FOLDER_KINDS[kind];
  const save = (errors: LineError[] | undefined, release = false, extra: { finishedAt?: string; problem?: string } = {}) =>
    saveImportProgress(
      db,
      file.fileId,
      lease,
      { ...progress, ...extra, updatedAt: deps.now().toISOString() },
      { ...(errors ? { errors } : {}), release },
    );

  const apply = async (slice: Slice): Promise<LineError[]> => {
    if (progress.status === 'checking') {
      const errors = [...slice.errors, ...(await deps.imports.checkRecords(kind, slice.lines))];
      if (owns && ownerField)
        for (const { line, data } of slice.lines) {
          const customerId = typeof data === 'object' && data !== null ? Reflect.get(data, ownerField) : undefined;
          if (!(await owns(customerId))) errors.push({ line, reason: `${ownerField}: not a customer of this folder (${file.owner})` });
        }
      return errors;
    }
    const report = await deps.imports.importRecords(kind, slice.lines);
    progress.created += report.created;
    progress.updated += report.updated;
    return [...slice.errors, ...report.errors];
  };

  try {
    return await phases();
  } catch (error) {
    if (!(error instanceof FileChanged)) throw error;
    // Written again after its notification: its new content is another import (another ETag); this one
    // stops where it is, having written only lines of the content it checked.
    const problem = `${named.kind}${format}: the file was written again while it was imported (${progress.linesDone} lines done); its new content is imported as a new file`;
    progress.status = 'rejected';
    await save(undefined, true, { finishedAt: deps.now().toISOString(), problem });
    return 'rejected';
  }

  async function phases(): Promise<ImportOutcome> {
    while (progress.status === 'checking' || progress.status === 'importing') {
      const start = { lines: progress.linesDone, bytes: progress.bytesDone };
      for await (const slice of readSlices(source, format, { sliceLines: deps.sliceLines ?? IMPORT_SLICE_LINES, start })) {
        const errors = (await apply(slice)).sort((a, b) => a.line - b.line);
        progress.errorCount += errors.length;
        const fresh = kept.length < IMPORT_ERRORS_KEPT && errors.length > 0;
        if (fresh) kept.push(...cut(errors.slice(0, IMPORT_ERRORS_KEPT - kept.length)));
        progress.linesDone = slice.linesThrough;
        progress.bytesDone = slice.bytesThrough;
        const stop = remainingMs() < (deps.reserveMs ?? RESERVE_MS);
        if (!(await save(fresh ? kept : undefined, stop))) return 'skipped'; // the lease was lost: its new holder goes on
        if (stop) return 'continued';
      }
      if (progress.status === 'checking' && progress.errorCount > 0) {
        progress.status = 'rejected';
        await save(undefined, true, { finishedAt: deps.now().toISOString() });
        return 'rejected';
      }
      if (progress.status === 'importing') {
        progress.status = 'done';
        await save(undefined, true, { finishedAt: deps.now().toISOString() });
        return 'done';
      }
      Object.assign(progress, { status: 'importing', linesDone: 0, bytesDone: 0 });
    }
    return 'skipped';
  }
}
