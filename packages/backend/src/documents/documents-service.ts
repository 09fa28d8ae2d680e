import { createHash, randomBytes } from 'node:crypto';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_BYTES_ANY,
  DOCUMENTS,
  type Document,
  type DocumentDownload,
  type DocumentDownloads,
  type DocumentFiled,
  type DocumentList,
  type DocumentQuery,
  type DocumentUploadStart,
  type DocumentVersions,
} from '@portal/core/documents';
import { companyChangeNote } from '@portal/core/company';
import type { CompanyApprovalSettings } from '@portal/core/shared';
import type { WorkflowUploadTicket } from '@portal/core/workflow';
import { type Actor, mayActFor, permissionDenied } from '../access/index.ts';
import { getCustomer } from '../customers/index.ts';
import { byActor, recordAudit } from '../audit/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { transactWrite, type TxItem } from '../platform/db/transact.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import type { Clock } from '../platform/time.ts';
import { type RequestService, uploadRejected } from '../workflow/index.ts';
import {
  countDocuments,
  documentCreateWrites,
  documentDeleteWrites,
  documentIdByName,
  documentUploads,
  documentNewVersionWrites,
  type DocumentAuditEntry,
  getDocument,
  getVersion,
  listVersions,
  type PendingDocumentUpload,
  listDocuments,
  listDownloads,
  putDownload,
  type StoredDocument,
  wasDeleted,
} from './documents-entity.ts';

/**
 * A customer's document folder (SPEC 2 "documents"; ADR 082). Every connect user who may act for the customer
 * (ADR 015) lists and downloads; the company's holders of flow.editCompanyDocuments upload into their own
 * customer's folder, the supplier's holders of content.manageDocuments into any customer's they may act for.
 * Uploads take the workflow's one upload path (ADR 045): a presigned POST to a pending key, then the bytes
 * checked by magic bytes (verifyUpload) and written from the checked bytes to the document's key.
 */
export type DocumentServiceDeps = { db: Db; files: FileStore; now: Clock; approval?: DocumentApproval };

/**
 * Where a brand asks for approval of the company's documents (customFields.companyChangesRequireApproval.documents,
 * ADR 107), a company editor's upload is filed in this workflow instead of placed; the approval places it
 * (documents-change.ts). The supplier's uploads never wait.
 */
export type DocumentApproval = {
  requests: Pick<RequestService, 'fileChange'>;
  approvalFor: (host: string | undefined) => Promise<CompanyApprovalSettings>;
  workflowId: string;
};

const UPLOAD_TTL_SECONDS = 15 * 60;
/** A download link lives a minute: it is fetched right away (the browser follows it). */
const DOWNLOAD_TTL_SECONDS = 60;
const DOWNLOADS_LISTED = 100;
/** The pending prefix of ADR 045 (a lifecycle rule empties it after a day, infra/storage.ts). */
const pendingKey = (customerId: string, uploadId: string) => `workflow-uploads/pending/documents/${customerId}/${uploadId}`;
export const documentKey = (customerId: string, documentId: string) => `documents/${customerId}/${documentId}`;

const notFound = () => new AppError('not_found', DOCUMENTS.NOT_FOUND, 'Document not found.');
export const newDocumentId = () => `doc-${randomBytes(12).toString('base64url')}`;

const isSupplierEditor = (actor: Actor) => actor.access.modules.content.permissions.manageDocuments === true;
/**
 * The company's editor: flow.editCompanyDocuments of an account of a customer — or of a customer group, for
 * the group's customers (ADR 015). Which folder it may touch is the scope check's (mayActFor) on every call.
 */
const isCompanyEditor = (actor: Actor) => actor.customerId !== '' && actor.access.modules.flow.permissions.editCompanyDocuments === true;
/** Which of the two editors the actor is; null for a reader. */
const editorSource = (actor: Actor): Document['source'] | null =>
  isSupplierEditor(actor) ? 'supplier' : isCompanyEditor(actor) ? 'company' : null;

/** `editor`: called on an editor's route (the customer named), else the reader's own folder. */
type Via = { editor?: boolean };

const publicOf = ({ objectKey: _key, restoreKey: _restore, ...doc }: StoredDocument): Document => doc;
const auditOf = (doc: StoredDocument, actor: string, action: DocumentAuditEntry['action']): DocumentAuditEntry => ({
  at: doc.uploadedAt,
  actor,
  action,
  documentId: doc.documentId,
  version: doc.version,
  name: doc.name,
  folder: doc.folder,
});
const conflict = (message: string) => new AppError('conflict', DOCUMENTS.STATE_CONFLICT, message);
/** A lost race is read again and tried again this often (a parallel replace of one name, a parallel first upload). */
const PLACE_ATTEMPTS = 3;

function compare(sort: DocumentQuery['sort']): (a: Document, b: Document) => number {
  const byName = (a: Document, b: Document) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true });
  switch (sort) {
    case 'size':
      return (a, b) => a.bytes - b.bytes || byName(a, b);
    case 'type':
      return (a, b) => a.contentType.localeCompare(b.contentType) || byName(a, b);
    case 'date':
      return (a, b) => a.uploadedAt.localeCompare(b.uploadedAt) || byName(a, b);
    default:
      return byName;
  }
}

/** The direct sub-folders of `folder` among the documents' folders. */
function subFolders(all: readonly Document[], folder: string): string[] {
  const prefix = folder === '' ? '' : `${folder}/`;
  const names = new Set<string>();
  for (const doc of all) {
    if (doc.folder === folder || !doc.folder.startsWith(prefix)) continue;
    const next = doc.folder.slice(prefix.length).split('/')[0];
    if (next) names.add(next);
  }
  return [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/** A folder's documents and direct sub-folders, or with `q` every document whose name holds it; sorted. */
function folderView(all: Document[], query: DocumentQuery): Pick<DocumentList, 'folder' | 'folders' | 'documents'> {
  const needle = query.q?.trim().toLowerCase() ?? '';
  const picked = needle === '' ? all.filter((d) => d.folder === query.folder) : all.filter((d) => d.name.toLowerCase().includes(needle));
  const order = compare(query.sort);
  picked.sort(query.dir === 'desc' ? (a, b) => order(b, a) : order);
  return { folder: query.folder, folders: needle === '' ? subFolders(all, query.folder) : [], documents: picked };
}

/**
 * The pending object's size and bytes checked (ADR 045) and the checked bytes written to `finalKey` (ADR 050);
 * the pending object goes whatever the outcome. Answers the verified type and size.
 */
async function keepVerified(files: FileStore, pendingObject: string, finalKey: string, fileName: string) {
  try {
    const size = await files.size(pendingObject);
    if (size === null) throw uploadRejected('The file did not arrive. Please upload it again.');
    if (size === 0) throw uploadRejected('The file is empty.');
    if (size > DOCUMENT_MAX_BYTES_ANY) throw uploadRejected(`The file is larger than ${DOCUMENT_MAX_BYTES_ANY / 1024 / 1024} MB.`);
    const bytes = await files.read(pendingObject);
    // Loaded with the first completion (the workbook check's zip reader too), not at the API's cold start.
    const { verifyDocument } = await import('./document-verification.ts');
    const contentType = await verifyDocument(bytes);
    await files.put(finalKey, bytes, { contentType, fileName });
    return { contentType, bytes: bytes.length };
  } finally {
    await files.remove(pendingObject);
  }
}

/**
 * An earlier version made current again as a new version (ADR 105). The new row names the
 * Idempotency-Key (hashed) it was made under: a retried restore finds it and answers it, a parallel one loses
 * the conditional write, reads again and finds it too.
 */
async function restoreVersion(
  db: Db,
  to: { customerId: string; documentId: string; version: number; source: Document['source']; actor: string; at: Clock },
  key: string,
): Promise<Document> {
  const { customerId, documentId, version } = to;
  const restoreKey = createHash('sha256').update(`${to.actor}\n${key}`).digest('base64url').slice(0, 24);
  for (let attempt = 0; attempt < PLACE_ATTEMPTS; attempt++) {
    const doc = await getDocument(db, customerId, documentId);
    if (!doc) throw notFound();
    if (doc.restoreKey === restoreKey) return publicOf(doc);
    if (to.source === 'company' && doc.source !== 'company') throw permissionDenied();
    const earlier = await getVersion(db, customerId, documentId, version);
    if (!earlier) throw notFound();
    const next: StoredDocument = {
      ...doc,
      bytes: earlier.bytes,
      contentType: earlier.contentType,
      objectKey: earlier.objectKey,
      uploadedAt: to.at().toISOString(),
      uploadedBy: to.actor,
      version: doc.version + 1,
      restoredFrom: version,
      restoreKey,
    };
    try {
      await transactWrite(db, documentNewVersionWrites(db, customerId, doc, next, auditOf(next, to.actor, 'restore')));
      return publicOf(next);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw conflict('The document changed while it was restored. Please look at its versions again.');
}

/** The file placed in the folder; its object removed again when it could not be (nothing half-kept). */
async function placeOrRemove(db: Db, files: FileStore, customerId: string, file: NewDocument, editor: Document['source']) {
  try {
    return publicOf(await placeDocument(db, customerId, file, editor));
  } catch (error) {
    await files.remove(file.objectKey);
    throw error;
  }
}

/** The checked bytes kept under a new object key and placed in the folder (a new document or the next version). */
async function keepAndPlace(
  { db, files }: Pick<DocumentServiceDeps, 'db' | 'files'>,
  customerId: string,
  uploadId: string,
  upload: { pending: PendingDocumentUpload; source: Document['source']; at: Date; username: string },
): Promise<Document> {
  const { pending } = upload;
  const objectId = newDocumentId();
  const finalKey = documentKey(customerId, objectId);
  const kept = await keepVerified(files, pendingKey(customerId, uploadId), finalKey, pending.fileName);
  const file: NewDocument = {
    documentId: objectId,
    folder: pending.folder,
    name: pending.fileName,
    ...kept,
    uploadedAt: upload.at.toISOString(),
    uploadedBy: upload.username,
    source: pending.source,
    objectKey: finalKey,
  };
  return placeOrRemove(db, files, customerId, file, upload.source);
}

/**
 * A company editor's upload on a brand that asks for approval (ADR 107): the checked bytes kept under a
 * new object key (no row yet: nobody sees it) and a "Company documents change" request filed proposing it; the
 * approval places it (documents-change.ts), exactly once. The object goes again if the filing fails.
 */
async function keepAndFile(
  { db, files }: Pick<DocumentServiceDeps, 'db' | 'files'>,
  approval: DocumentApproval,
  actor: Actor,
  to: { customerId: string; uploadId: string; pending: PendingDocumentUpload; at: Date },
): Promise<DocumentFiled> {
  const { customerId, pending } = to;
  const customer = await getCustomer(db, customerId);
  if (!customer) throw notFound();
  const objectId = newDocumentId();
  const objectKey = documentKey(customerId, objectId);
  const kept = await keepVerified(files, pendingKey(customerId, to.uploadId), objectKey, pending.fileName);
  const file: NewDocument = {
    documentId: objectId,
    folder: pending.folder,
    name: pending.fileName,
    ...kept,
    uploadedAt: to.at.toISOString(),
    uploadedBy: actor.username,
    source: 'company',
    objectKey,
  };
  const path = file.folder ? `${file.folder}/${file.name}` : file.name;
  try {
    // The approval places it as placementWrites would now: refused here already where it could never be placed.
    const { doc } = await placementWrites(db, customerId, file, 'company');
    const diff = [
      { field: 'document', before: doc.version > 1 ? `${path} (v${doc.version - 1})` : null, after: `${path} (v${doc.version})` },
    ];
    const request = await approval.requests.fileChange(
      actor,
      {
        workflowId: approval.workflowId,
        customer,
        change: { kind: 'documents', proposed: file, diff },
        enquiry: companyChangeNote({ kind: 'documents', name: file.name }, actor.locale),
        writes: () => [],
      },
      async () => conflict('The request could not be filed. Please upload the file again.'),
    );
    return { outcome: 'filed', requestId: request.id, name: file.name, folder: file.folder };
  } catch (error) {
    await files.remove(objectKey);
    throw error;
  }
}

/**
 * A supplier's file put into a customer's folder by an operator (`npm run admin -- put-document`, ADR
 * 105): the same checks as a portal upload (name and folder by the core contract, the bytes by
 * verifyDocument, the size cap per type), the same object key scheme, and the same placing (a file of
 * that name there gets a new version). `by` is the operator's name, written in the document's audit entry.
 */
async function putSupplierFile(
  { db, files, now }: DocumentServiceDeps,
  by: string,
  customerId: string,
  to: { folder: string; name: string },
  bytes: Uint8Array,
): Promise<Document> {
  const { DocumentFolder, DocumentName } = await import('@portal/core/documents');
  const folder = DocumentFolder.safeParse(to.folder);
  const name = DocumentName.safeParse(to.name);
  if (!folder.success || !name.success) throw uploadRejected('Not a folder or file name: relative names, no .., no control characters.');
  if (!(await getCustomer(db, customerId))) throw notFound();
  const { verifyDocument } = await import('./document-verification.ts');
  const contentType = await verifyDocument(bytes);
  if (bytes.length > DOCUMENT_MAX_BYTES[contentType])
    throw uploadRejected(`The file is larger than ${DOCUMENT_MAX_BYTES[contentType] / 1024 / 1024} MB.`);
  const objectId = newDocumentId();
  const objectKey = documentKey(customerId, objectId);
  await files.put(objectKey, bytes, { contentType, fileName: name.data });
  const file: NewDocument = {
    documentId: objectId,
    folder: folder.data,
    name: name.data,
    bytes: bytes.length,
    contentType,
    uploadedAt: now().toISOString(),
    uploadedBy: by,
    source: 'supplier',
    objectKey,
  };
  return placeOrRemove(db, files, customerId, file, 'supplier');
}

export function createDocumentService({ db, files, now, approval }: DocumentServiceDeps) {
  /** The function first (ADR 052): without an editor bit every edit call is 403, whoever's the folder. */
  async function editableFolder(actor: Actor, customerId: string): Promise<Document['source']> {
    const source = editorSource(actor);
    if (!source) throw permissionDenied();
    // Any customer (retailer or content provider) the actor may act for (ADR 015); else as if there were none.
    const customer = await getCustomer(db, customerId);
    if (!customer || !mayActFor(actor, customer)) throw notFound();
    return source;
  }

  /**
   * A reader's own folder (the route names no customer: an actor without one has no folder), or an editor's
   * named one (ADR 015: a customer it may not act for answers like none).
   */
  async function folderFor(actor: Actor, customerId: string, as: Via): Promise<void> {
    if (as.editor) await editableFolder(actor, customerId);
    else if (customerId === '') throw notFound();
  }

  async function readable(customerId: string, documentId: string): Promise<StoredDocument> {
    const doc = await getDocument(db, customerId, documentId);
    if (!doc) throw notFound();
    return doc;
  }

  return {
    /** A folder's documents and sub-folders, or with `q` every document whose name holds it; sorted. 2–3 calls. */
    async list(actor: Actor, customerId: string, query: DocumentQuery, as: Via = {}): Promise<DocumentList> {
      await folderFor(actor, customerId, as);
      const { items } = await listDocuments(db, customerId);
      return { customerId, ...folderView(items.map(publicOf), query), mayEdit: editorSource(actor) !== null };
    },

    /** A one-minute signed GET answering the file as an attachment with its verified type; the download recorded first. */
    async download(actor: Actor, customerId: string, documentId: string, as: Via = {}): Promise<DocumentDownload> {
      await folderFor(actor, customerId, as);
      const doc = await readable(customerId, documentId);
      await putDownload(db, customerId, { documentId, at: now().toISOString(), username: actor.username, name: doc.name });
      // The customer's audit log too (ADR 114), before the link is given.
      await recordAudit(db, { ...byActor(actor), kind: 'document.downloaded', details: { document: doc.name, customerId } }, now);
      const url = await files.downloadUrl(doc.objectKey, doc.name, DOWNLOAD_TTL_SECONDS, doc.contentType);
      return { url, expiresInSeconds: DOWNLOAD_TTL_SECONDS };
    },

    /** Who downloaded a document and when (newest 100): for the customer's document editors. */
    async downloads(actor: Actor, customerId: string, documentId: string): Promise<DocumentDownloads> {
      await editableFolder(actor, customerId);
      await readable(customerId, documentId);
      return { downloads: await listDownloads(db, customerId, documentId, DOWNLOADS_LISTED, now()) };
    },

    /**
     * A presigned POST for one pending key. The upload id follows from the Idempotency-Key: a retried start
     * answers the same upload (one pending row, the same form while the clock stands).
     */
    async startUpload(actor: Actor, customerId: string, input: DocumentUploadStart, key: string): Promise<WorkflowUploadTicket> {
      const source = await editableFolder(actor, customerId);
      const cap = DOCUMENT_MAX_BYTES[input.contentType];
      if (input.bytes > cap) throw uploadRejected(`The file is larger than ${cap / 1024 / 1024} MB.`);
      if ((await countDocuments(db, customerId)) >= DOCUMENT_LIMITS.perCustomer)
        throw conflict(`The folder holds ${DOCUMENT_LIMITS.perCustomer} documents. Delete one first.`);
      const at = now();
      const uploadId = createHash('sha256').update(`${actor.username}\n${customerId}\n${key}`).digest('base64url').slice(0, 24);
      await documentUploads.put(db, customerId, uploadId, {
        folder: input.folder,
        fileName: input.fileName,
        username: actor.username,
        source,
        // TTL a little past the POST's expiry: a completion right at the end still finds it.
        expiresAt: Math.ceil(at.getTime() / 1000) + UPLOAD_TTL_SECONDS + 300,
      });
      const form = await files.uploadForm(
        pendingKey(customerId, uploadId),
        { contentType: input.contentType, maxBytes: cap, expiresInSeconds: UPLOAD_TTL_SECONDS },
        at,
      );
      return { uploadId, ...form };
    },

    /**
     * Claims the upload, checks the object's size and bytes, keeps the checked bytes under a new object key
     * (ADR 045, 050). A file of the same name in the same folder is replaced: the old one becomes a version.
     * A company editor's upload on a brand that asks for approval is filed for it instead (keepAndFile).
     */
    async completeUpload(actor: Actor, customerId: string, uploadId: string, host?: string): Promise<Document | DocumentFiled> {
      const source = await editableFolder(actor, customerId);
      const at = now();
      const pending = await documentUploads.open(db, customerId, uploadId, { username: actor.username, now: at });
      const filed = source === 'company' && approval !== undefined && (await approval.approvalFor(host)).documents === true;
      await documentUploads.claim(db, customerId, uploadId);
      if (filed) return keepAndFile({ db, files }, approval, actor, { customerId, uploadId, pending, at });
      return keepAndPlace({ db, files }, customerId, uploadId, { pending, source, at, username: actor.username });
    },

    /** A document's earlier versions, newest first: for the customer's document editors. 3 calls. */
    async versions(actor: Actor, customerId: string, documentId: string): Promise<DocumentVersions> {
      await editableFolder(actor, customerId);
      const doc = await readable(customerId, documentId);
      const earlier = await listVersions(db, customerId, documentId, DOCUMENT_LIMITS.versionsListed);
      return { document: publicOf(doc), versions: earlier.map(({ objectKey: _key, name: _name, ...version }) => version) };
    },

    /**
     * Makes an earlier version current again — as a new version (the current one is kept), with an audit
     * entry. The new version's row names the Idempotency-Key it was made under: a retried restore finds it
     * and answers it, a parallel one loses the conditional write and finds it too.
     */
    async restore(actor: Actor, customerId: string, documentId: string, version: number, key: string): Promise<Document> {
      const source = await editableFolder(actor, customerId);
      return restoreVersion(db, { customerId, documentId, version, source, actor: actor.username, at: now }, key);
    },

    /** A supplier's file from an operator (putSupplierFile). */
    putSupplierFile: (by: string, customerId: string, to: { folder: string; name: string }, bytes: Uint8Array) =>
      putSupplierFile({ db, files, now }, by, customerId, to, bytes),

    /** Soft delete with an audit entry (the object stays, ADR 082); a company editor deletes only the company's own files. */
    async remove(actor: Actor, customerId: string, documentId: string): Promise<void> {
      const source = await editableFolder(actor, customerId);
      const doc = await getDocument(db, customerId, documentId);
      if (!doc) {
        // Idempotent: a document deleted already answers as its delete did (a missing one 404).
        if (await wasDeleted(db, customerId, documentId)) return;
        throw notFound();
      }
      if (source === 'company' && doc.source !== 'company') throw permissionDenied();
      const entry: DocumentAuditEntry = {
        at: now().toISOString(),
        actor: actor.username,
        action: 'delete',
        documentId,
        version: doc.version,
        name: doc.name,
        folder: doc.folder,
      };
      try {
        await transactWrite(db, documentDeleteWrites(db, customerId, doc, entry));
      } catch (error) {
        // Deleted meanwhile by a parallel call: the same outcome.
        if (isConditionFailure(error)) return;
        throw error;
      }
    },
  };
}

/** A document as it arrives (upload, seed, import): its version follows from what the folder holds. */
export type NewDocument = Omit<StoredDocument, 'version' | 'restoredFrom' | 'restoreKey'>;

/**
 * What placing `file` in the folder writes (after reading the name guard and the document holding the name): a
 * new document with its name guard and audit entry, or — a document of that name in that folder exists — its
 * next version (the current one kept under VER#). `editor` 'company' may not replace the supplier's file. The
 * writes are conditional on what was read: run them in a transaction (alone, or in an approval's, ADR 085).
 */
export async function placementWrites(
  db: Db,
  customerId: string,
  file: NewDocument,
  editor: Document['source'],
): Promise<{ doc: StoredDocument; writes: TxItem[] }> {
  const existingId = await documentIdByName(db, customerId, file.folder, file.name);
  const current = existingId === null ? null : await getDocument(db, customerId, existingId);
  if (!current) {
    const doc: StoredDocument = { ...file, version: 1 };
    return { doc, writes: documentCreateWrites(db, customerId, doc, auditOf(doc, file.uploadedBy, 'upload')) };
  }
  if (editor === 'company' && current.source !== 'company')
    throw conflict(`The supplier's file "${current.name}" is in this folder already. Please give yours another name.`);
  const { restoredFrom: _from, restoreKey: _key, ...kept } = current;
  const next: StoredDocument = { ...kept, ...file, documentId: current.documentId, source: current.source, version: current.version + 1 };
  return { doc: next, writes: documentNewVersionWrites(db, customerId, current, next, auditOf(next, file.uploadedBy, 'replace')) };
}

/**
 * A file into the folder (also the seed's, the import's and the operator's way in): placementWrites run, a race
 * lost by a conditional write read again and tried again. Answers the document as stored.
 */
export async function placeDocument(db: Db, customerId: string, file: NewDocument, editor: Document['source']): Promise<StoredDocument> {
  for (let attempt = 0; attempt < PLACE_ATTEMPTS; attempt++) {
    const { doc, writes } = await placementWrites(db, customerId, file, editor);
    try {
      await transactWrite(db, writes);
      return doc;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw conflict('The folder changed while the file was stored. Please upload it again.');
}

/** A document and its upload audit entry (the seed's and the tests' way in; a name held already answers 409). */
export async function storeDocument(db: Db, customerId: string, doc: NewDocument, actor: string): Promise<void> {
  await transactWrite(db, documentCreateWrites(db, customerId, { ...doc, version: 1 }, auditOf({ ...doc, version: 1 }, actor, 'upload')));
}
export type DocumentService = ReturnType<typeof createDocumentService>;
