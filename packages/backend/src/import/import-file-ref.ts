import { createHash } from 'node:crypto';

/**
 * What an import message names (ADR 069): one S3 object, by bucket, key and ETag (a new upload to the same
 * key is another import). A message body is either S3's event notification (`Records[].s3`, keys
 * URL-encoded with `+` for a space; the `s3:TestEvent` S3 sends when the notification is set up has no
 * records) or the worker's own continuation `{ "importFile": <ref> }`.
 */
export type ImportFileRef = { bucket: string; key: string; eTag: string; bytes: number };

/** Where a file enters (ADR 069): a customer's SFTP folder `sftp/<id>/imports/`, or the supplier's `imports/`. */
export const SFTP_IMPORTS = /^sftp\/([^/]+)\/imports\/(.+)$/;
export const SUPPLIER_IMPORTS = /^imports\/(.+)$/;

/** The S3 notification filters (infra/imports.ts): the prefixes under which an import can arrive. */
export const IMPORT_NOTIFICATION_PREFIXES = ['sftp/', 'imports/'] as const;

export const fileIdOf = (ref: ImportFileRef) =>
  createHash('sha256').update(`${ref.bucket}\n${ref.key}\n${ref.eTag}`).digest('hex').slice(0, 32);

/** The owner and file name of a key, or null for a key that is no import (a report copied to SFTP, a folder). */
export function importPlaceOf(key: string): { owner: string; name: string } | null {
  if (key.endsWith('/')) return null;
  const baseName = (path = '') => path.split('/').pop() ?? path;
  const sftp = SFTP_IMPORTS.exec(key);
  if (sftp) return { owner: sftp[1] ?? '', name: baseName(sftp[2]) };
  const supplier = SUPPLIER_IMPORTS.exec(key);
  return supplier ? { owner: '', name: baseName(supplier[1]) } : null;
}

/** A message body that names no file: it can only fail again (poisoned, to the DLQ). */
export class UnreadableMessage extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const decodeKey = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));

function refOf(value: unknown): ImportFileRef | null {
  if (!isRecord(value)) return null;
  const { bucket, key, eTag, bytes } = value;
  if (typeof bucket !== 'string' || typeof key !== 'string' || typeof eTag !== 'string' || typeof bytes !== 'number') return null;
  return { bucket, key, eTag, bytes };
}

/** The files a message body names; a body that is neither shape throws (the message is poisoned). */
export function importRefsOf(body: string): ImportFileRef[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new UnreadableMessage('an import message body is JSON');
  }
  if (isRecord(parsed) && 'importFile' in parsed) {
    const ref = refOf(parsed.importFile);
    if (!ref) throw new UnreadableMessage('a continuation names bucket, key, eTag and bytes');
    return [ref];
  }
  if (isRecord(parsed) && parsed.Event === 's3:TestEvent') return [];
  if (!isRecord(parsed) || !Array.isArray(parsed.Records)) throw new UnreadableMessage('neither an S3 event nor a continuation');
  return parsed.Records.flatMap((record: unknown) => {
    if (!isRecord(record) || !text(record.eventName).startsWith('ObjectCreated:') || !isRecord(record.s3)) return [];
    const { bucket, object } = record.s3;
    if (!isRecord(bucket) || !isRecord(object)) return [];
    const ref = refOf({ bucket: bucket.name, key: decodeKey(text(object.key)), eTag: text(object.eTag), bytes: object.size });
    return ref ? [ref] : [];
  });
}

export const continuationOf = (ref: ImportFileRef) => JSON.stringify({ importFile: ref });
