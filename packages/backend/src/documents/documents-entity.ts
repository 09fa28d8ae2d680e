import { createHash } from 'node:crypto';
import { type Document, type DocumentDownloadRecord, type DocumentVersion, DOCUMENTS, DOWNLOADS_KEPT_MONTHS } from '@portal/core/documents';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { entity, getOne, listAll, listPage } from '../platform/db/entity.ts';
import { pendingUploads } from '../platform/db/pending-uploads.ts';
import { countAll } from '../platform/db/query.ts';
import { toTtl } from '../platform/db/table.ts';
import type { TxItem } from '../platform/db/transact.ts';

/**
 * A customer's documents (ADR 082), all in the customer's partition `pk = DOCS#<customerId>`:
 * - a document:   sk=DOC#<documentId> — name, folder, size, verified type, date, who, source, object key (≤ ~600 B).
 *                 The folder listing and the search are one Query `begins_with(sk, DOC#)`: ≤ 2,000 rows ≤ ~1.2 MB,
 *                 one or two pages whatever else the partition holds (deleted rows, audit, downloads sort apart).
 * - deleted:      sk=DEL#<documentId> — the row moved here by a soft delete (the object stays).
 * - audit:        sk=AUDIT#<at>#<documentId>#<version>#<action> — upload, replace, restore and delete entries.
 * - downloads:    sk=DL#<documentId>#<at>#<username> — one per download link handed out; listed newest first;
 *                 kept DOWNLOADS_KEPT_MONTHS (TTL `expiresAt`).
 * - open uploads: sk=UPL#<uploadId> — the upload form's folder and name (TTL `expiresAt`).
 * - name guard:   sk=NAME#<sha256(folder \n lower-case name)> — which document holds a name in a folder: a
 *                 second upload of that name replaces it (conditional create: two parallel ones cannot both create).
 * - versions:     sk=VER#<documentId>#<version, 6 digits> — an earlier version (its own object key: objects are
 *                 never overwritten, so versions work alike on s3rver, which has no bucket versioning, and S3).
 */
/** `restoreKey`: the Idempotency-Key (hashed) a restore made this version under. */
export type StoredDocument = Document & { objectKey: string; restoreKey?: string };
export type PendingDocumentUpload = { folder: string; fileName: string; username: string; source: Document['source']; expiresAt: number };
export type DocumentAuditEntry = {
  at: string;
  actor: string;
  action: 'upload' | 'delete' | 'replace' | 'restore';
  documentId: string;
  /** The version the entry is about (an import may write two versions at one time: the key tells them apart). */
  version: number;
  name: string;
  folder: string;
};

export const documentsPk = (customerId: string) => `DOCS#${customerId}`;
const docKey = (customerId: string, documentId: string): Key => ({ pk: documentsPk(customerId), sk: `DOC#${documentId}` });
/** Hashed: a folder and a name of 200 characters each could pass the 1,024-byte sort key limit in UTF-8. */
const nameKey = (customerId: string, folder: string, name: string): Key => ({
  pk: documentsPk(customerId),
  sk: `NAME#${createHash('sha256').update(`${folder}\n${name.toLowerCase()}`).digest('base64url')}`,
});
const versionKey = (customerId: string, documentId: string, version: number): Key => ({
  pk: documentsPk(customerId),
  sk: `VER#${documentId}#${String(version).padStart(6, '0')}`,
});
export type StoredVersion = DocumentVersion & { objectKey: string; name: string };

const documents = entity<StoredDocument>({ drop: ['nameLower'] });
const downloads = entity<DocumentDownloadRecord>({ drop: ['expiresAt'] });
/** The open uploads of a customer's documents (ADR 045): 409 DOCUMENTS.STATE_CONFLICT for one that is not open. */
export const documentUploads = pendingUploads<PendingDocumentUpload>(documentsPk, 'documentUpload', DOCUMENTS.STATE_CONFLICT);
const nameGuards = entity<{ documentId: string }>();
const versions = entity<StoredVersion>();

/** Every document of a customer (one Query by key range; 1–2 calls for the cap of 2,000). */
export const listDocuments = (db: Db, customerId: string) =>
  listAll(db, documents, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :doc)',
    ExpressionAttributeValues: { ':pk': documentsPk(customerId), ':doc': 'DOC#' },
  });

export const countDocuments = (db: Db, customerId: string) =>
  countAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :doc)',
    ExpressionAttributeValues: { ':pk': documentsPk(customerId), ':doc': 'DOC#' },
  });

export const getDocument = (db: Db, customerId: string, documentId: string) =>
  getOne(db, documents, docKey(customerId, documentId), { consistent: true });

const auditPut = (db: Db, customerId: string, entry: DocumentAuditEntry): TxItem => ({
  Put: {
    TableName: db.table,
    Item: {
      pk: documentsPk(customerId),
      sk: `AUDIT#${entry.at}#${entry.documentId}#${entry.version}#${entry.action}`,
      type: 'documentAudit',
      ...entry,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** Whether a document was soft-deleted (a repeated DELETE answers as the first). */
export const wasDeleted = async (db: Db, customerId: string, documentId: string) =>
  (await getOne(db, documents, { pk: documentsPk(customerId), sk: `DEL#${documentId}` }, { consistent: true })) !== null;

/** Which document holds `name` in `folder` (1 consistent GetItem), or null. */
export async function documentIdByName(db: Db, customerId: string, folder: string, name: string): Promise<string | null> {
  return (await getOne(db, nameGuards, nameKey(customerId, folder, name), { consistent: true }))?.documentId ?? null;
}

const docPut = (db: Db, customerId: string, doc: StoredDocument) => ({
  TableName: db.table,
  Item: { ...docKey(customerId, doc.documentId), type: 'document', nameLower: doc.name.toLowerCase(), ...doc },
});

/** A new document, its name guard and its audit entry (the id and the name in the folder are new: a repeat is refused). */
export function documentCreateWrites(db: Db, customerId: string, doc: StoredDocument, entry: DocumentAuditEntry): TxItem[] {
  return [
    { Put: { ...docPut(db, customerId, doc), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        TableName: db.table,
        Item: { ...nameKey(customerId, doc.folder, doc.name), type: 'documentName', documentId: doc.documentId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    auditPut(db, customerId, entry),
  ];
}

/**
 * A newer version in place of `current` (a replace or a restore): the document row only while it still is
 * `current`'s version, the version row kept under VER#, and the audit entry — one transaction of 3.
 */
export function documentNewVersionWrites(
  db: Db,
  customerId: string,
  current: StoredDocument,
  next: StoredDocument,
  entry: DocumentAuditEntry,
): TxItem[] {
  const kept: StoredVersion = {
    version: current.version,
    bytes: current.bytes,
    contentType: current.contentType,
    uploadedAt: current.uploadedAt,
    uploadedBy: current.uploadedBy,
    ...(current.restoredFrom === undefined ? {} : { restoredFrom: current.restoredFrom }),
    replacedAt: next.uploadedAt,
    objectKey: current.objectKey,
    name: current.name,
  };
  return [
    {
      Put: {
        ...docPut(db, customerId, next),
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': current.version },
      },
    },
    {
      Put: {
        TableName: db.table,
        Item: { ...versionKey(customerId, current.documentId, current.version), type: 'documentVersion', ...kept },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    auditPut(db, customerId, entry),
  ];
}

export const getVersion = (db: Db, customerId: string, documentId: string, version: number) =>
  getOne(db, versions, versionKey(customerId, documentId, version), { consistent: true });

/** A document's earlier versions, newest first (one Query page of `limit`). */
export async function listVersions(db: Db, customerId: string, documentId: string, limit: number): Promise<StoredVersion[]> {
  const { items } = await listPage(
    db,
    versions,
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ver)',
      ExpressionAttributeValues: { ':pk': documentsPk(customerId), ':ver': `VER#${documentId}#` },
      ScanIndexForward: false,
    },
    { limit },
  );
  return items;
}

/**
 * A soft delete: the row leaves the listing's key range (to DEL#) and frees its name in the folder (the guard
 * only while it is this document's), with its audit entry; only while the row is there.
 */
export function documentDeleteWrites(db: Db, customerId: string, doc: StoredDocument, entry: DocumentAuditEntry): TxItem[] {
  return [
    { Delete: { TableName: db.table, Key: docKey(customerId, doc.documentId), ConditionExpression: 'attribute_exists(pk)' } },
    {
      Delete: {
        TableName: db.table,
        Key: nameKey(customerId, doc.folder, doc.name),
        ConditionExpression: 'attribute_not_exists(pk) OR documentId = :id',
        ExpressionAttributeValues: { ':id': doc.documentId },
      },
    },
    {
      Put: {
        TableName: db.table,
        Item: {
          pk: documentsPk(customerId),
          sk: `DEL#${doc.documentId}`,
          type: 'documentDeleted',
          ...doc,
          deletedAt: entry.at,
          deletedBy: entry.actor,
        },
      },
    },
    auditPut(db, customerId, entry),
  ];
}

/** When a download record made at `at` expires (TTL seconds): the same day DOWNLOADS_KEPT_MONTHS later (or that month's last). */
export function downloadExpiry(at: Date): number {
  const month = at.getUTCMonth() + DOWNLOADS_KEPT_MONTHS;
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const until = new Date(at);
  until.setUTCDate(1);
  until.setUTCMonth(month);
  until.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return toTtl(until);
}

/** One download record (1 Put), deleted by the table's TTL DOWNLOADS_KEPT_MONTHS later. */
export async function putDownload(db: Db, customerId: string, record: DocumentDownloadRecord): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        pk: documentsPk(customerId),
        sk: `DL#${record.documentId}#${record.at}#${record.username}`,
        type: 'documentDownload',
        ...record,
        expiresAt: downloadExpiry(new Date(record.at)),
      },
    }),
  );
}

/**
 * A document's downloads, newest first (one Query page of `limit`: constant cost however many there were). A
 * record past its expiry that TTL has not deleted yet (it may take days) is left out by the filter.
 */
export async function listDownloads(
  db: Db,
  customerId: string,
  documentId: string,
  limit: number,
  now: Date,
): Promise<DocumentDownloadRecord[]> {
  const { items } = await listPage(
    db,
    downloads,
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :dl)',
      FilterExpression: 'attribute_not_exists(expiresAt) OR expiresAt > :now',
      ExpressionAttributeValues: { ':pk': documentsPk(customerId), ':dl': `DL#${documentId}#`, ':now': toTtl(now) },
      ScanIndexForward: false,
    },
    { limit },
  );
  return items;
}
