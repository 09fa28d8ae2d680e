import type { Document, DocumentDownloadRecord } from '@portal/core/documents';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { applied } from '../platform/db/conditions.ts';
import { entity, getOne, listAll, listPage } from '../platform/db/entity.ts';
import { countAll } from '../platform/db/query.ts';
import type { TxItem } from '../platform/db/transact.ts';

/**
 * A customer's documents (ADR 082), all in the customer's partition `pk = DOCS#<customerId>`:
 * - a document:   sk=DOC#<documentId> — name, folder, size, verified type, date, who, source, object key (≤ ~600 B).
 *                 The folder listing and the search are one Query `begins_with(sk, DOC#)`: ≤ 2,000 rows ≤ ~1.2 MB,
 *                 one or two pages whatever else the partition holds (deleted rows, audit, downloads sort apart).
 * - deleted:      sk=DEL#<documentId> — the row moved here by a soft delete (the object stays).
 * - audit:        sk=AUDIT#<at>#<documentId> — upload and delete entries.
 * - downloads:    sk=DL#<documentId>#<at>#<username> — one per download link handed out; listed newest first.
 * - open uploads: sk=UPL#<uploadId> — the upload form's folder and name (TTL `expiresAt`).
 */
export type StoredDocument = Document & { objectKey: string };
export type PendingDocumentUpload = { folder: string; fileName: string; username: string; source: Document['source']; expiresAt: number };
export type DocumentAuditEntry = {
  at: string;
  actor: string;
  action: 'upload' | 'delete';
  documentId: string;
  name: string;
  folder: string;
};

export const documentsPk = (customerId: string) => `DOCS#${customerId}`;
const docKey = (customerId: string, documentId: string): Key => ({ pk: documentsPk(customerId), sk: `DOC#${documentId}` });
const uploadKey = (customerId: string, uploadId: string): Key => ({ pk: documentsPk(customerId), sk: `UPL#${uploadId}` });

const documents = entity<StoredDocument>({ drop: ['nameLower'] });
const downloads = entity<DocumentDownloadRecord>();
const pendingUploads = entity<PendingDocumentUpload>();

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
    Item: { pk: documentsPk(customerId), sk: `AUDIT#${entry.at}#${entry.documentId}`, type: 'documentAudit', ...entry },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** Whether a document was soft-deleted (a repeated DELETE answers as the first). */
export const wasDeleted = async (db: Db, customerId: string, documentId: string) =>
  (await getOne(db, documents, { pk: documentsPk(customerId), sk: `DEL#${documentId}` }, { consistent: true })) !== null;

/** A new document with its audit entry (the id is new: a repeat is refused). */
export function documentCreateWrites(db: Db, customerId: string, doc: StoredDocument, entry: DocumentAuditEntry): TxItem[] {
  return [
    {
      Put: {
        TableName: db.table,
        Item: { ...docKey(customerId, doc.documentId), type: 'document', nameLower: doc.name.toLowerCase(), ...doc },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    auditPut(db, customerId, entry),
  ];
}

/** A soft delete: the row leaves the listing's key range (to DEL#), with its audit entry; only while it is there. */
export function documentDeleteWrites(db: Db, customerId: string, doc: StoredDocument, entry: DocumentAuditEntry): TxItem[] {
  return [
    { Delete: { TableName: db.table, Key: docKey(customerId, doc.documentId), ConditionExpression: 'attribute_exists(pk)' } },
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

/** One download record (1 Put). */
export async function putDownload(db: Db, customerId: string, record: DocumentDownloadRecord): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        pk: documentsPk(customerId),
        sk: `DL#${record.documentId}#${record.at}#${record.username}`,
        type: 'documentDownload',
        ...record,
      },
    }),
  );
}

/** A document's downloads, newest first (one Query page of `limit`). */
export async function listDownloads(db: Db, customerId: string, documentId: string, limit: number): Promise<DocumentDownloadRecord[]> {
  const { items } = await listPage(
    db,
    downloads,
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :dl)',
      ExpressionAttributeValues: { ':pk': documentsPk(customerId), ':dl': `DL#${documentId}#` },
      ScanIndexForward: false,
    },
    { limit },
  );
  return items;
}

export async function putPendingDocumentUpload(
  db: Db,
  customerId: string,
  uploadId: string,
  pending: PendingDocumentUpload,
): Promise<void> {
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: { ...uploadKey(customerId, uploadId), type: 'documentUpload', ...pending } }),
  );
}

export const getPendingDocumentUpload = (db: Db, customerId: string, uploadId: string) =>
  getOne(db, pendingUploads, uploadKey(customerId, uploadId), { consistent: true });

/** Claims an open upload (1 conditional Delete): of parallel completions exactly one gets true. */
export const claimPendingDocumentUpload = (db: Db, customerId: string, uploadId: string): Promise<boolean> =>
  applied(
    db.doc.send(
      new DeleteCommand({ TableName: db.table, Key: uploadKey(customerId, uploadId), ConditionExpression: 'attribute_exists(pk)' }),
    ),
  );
