import {
  Document,
  DocumentDownload,
  DocumentUploaded,
  DocumentDownloads,
  DocumentList,
  type DocumentQuery,
  DocumentVersions,
  type DocumentUploadStart,
} from '@portal/core/documents';
import { WorkflowUploadTicket } from '@portal/core/workflow';
import * as z from '@portal/core/zod';
import useSWR from 'swr';
import { MasterData } from '@portal/core/masterdata';
import { idempotent, queryOf, resource, routeSection, SECTION_READ, segment, useResourceGet } from '../../../lib/resource-client.ts';
import { uploadThroughStorage } from '../../../lib/storage-upload.ts';

/**
 * The Documents section's calls (ADR 082) on the typed client (ADR 057): the own customer's folder and a
 * download link for every reader; uploads, deletes, downloads seen, versions and restores on the editors'
 * routes (`customers/:customerId`). Every write reads the section's answers again.
 */
const section = routeSection('connect', ['documents']);
const { client, read, write, key, refresh } = section;
const documents = () => client().documents;
const editorAt = () => documents().customers[':customerId'];
const docAt = (customerId: string, documentId: string) => ({ param: { customerId: segment(customerId), documentId: segment(documentId) } });

/**
 * The caller's own folder, or with `customerId` (the supplier's editor, content.manageDocuments) that customer's on
 * the editors' route; `null` reads nothing (a supplier's account without a customer, none chosen yet).
 */
export function useDocumentList(query: Partial<DocumentQuery>, customerId: string | null = '') {
  const args = { query: queryOf({ folder: query.folder || undefined, q: query.q || undefined, sort: query.sort, dir: query.dir }) };
  const own = documents();
  const theirs = editorAt();
  const theirArgs = customerId ? { ...args, param: { customerId: segment(customerId) } } : null;
  const path = customerId === null ? null : theirArgs ? theirs.$path(theirArgs) : own.$path(args);
  return useSWR(
    path === null ? null : key('documents', 'list', path),
    () => read(theirArgs ? theirs.$get(theirArgs) : own.$get(args), DocumentList),
    SECTION_READ,
  );
}

/** A one-minute attachment link (the download is recorded by the server); `customerId` on the editors' route. */
export function downloadLink(documentId: string, customerId = '') {
  if (customerId) return read(editorAt()[':documentId'].download.$get(docAt(customerId, documentId)), DocumentDownload);
  return read(documents()[':documentId'].download.$get({ param: { documentId: segment(documentId) } }), DocumentDownload);
}

/** The customers a supplier's editor may choose (the master data's: those the user may act for; cached 5 minutes). */
const masterData = resource((c) => c['master-data'], MasterData);
export const useMasterData = () => useResourceGet(masterData);

/** Who downloaded a document and when (editors). */
export function useDownloads(customerId: string, documentId: string) {
  const at = editorAt()[':documentId'].downloads;
  const args = docAt(customerId, documentId);
  return useSWR(key('documents', 'get', at.$path(args)), () => read(at.$get(args), DocumentDownloads), SECTION_READ);
}

/** The current version and the earlier ones (editors). */
export function useVersions(customerId: string, documentId: string) {
  const at = editorAt()[':documentId'].versions;
  const args = docAt(customerId, documentId);
  return useSWR(key('documents', 'get', at.$path(args)), () => read(at.$get(args), DocumentVersions), SECTION_READ);
}

/** Makes an earlier version current again (a new version); a retry with the same key restores once. */
export const restoreVersion = (customerId: string, documentId: string, version: number, idempotencyKey: string) =>
  write(
    editorAt()[':documentId'].versions[':version'].restore.$post({
      param: { ...docAt(customerId, documentId).param, version: String(version) },
      header: idempotent(idempotencyKey),
    }),
    Document,
  );

const Deleted = z.object({ documentId: z.string(), deleted: z.boolean() });
export const deleteDocument = (customerId: string, documentId: string) =>
  write(editorAt()[':documentId'].$delete(docAt(customerId, documentId)), Deleted);

/**
 * A file into `folder` through the one browser upload path (ADR 045); a file of that name there is replaced. Where
 * the brand asks for approval of the company's documents, the answer names the request it waits in.
 */
export function uploadDocument(
  customerId: string,
  to: { folder: string; contentType: DocumentUploadStart['contentType']; idempotencyKey: string },
  file: File,
  onProgress: (share: number) => void,
) {
  const { idempotencyKey, ...where } = to;
  const start: DocumentUploadStart = { ...where, fileName: file.name, bytes: file.size };
  const at = editorAt();
  const param = { customerId: segment(customerId) };
  return uploadThroughStorage(
    file,
    onProgress,
    () => write(at.uploads.$post({ param, json: start, header: idempotent(idempotencyKey) }), WorkflowUploadTicket),
    (uploadId) => write(at.uploads[':uploadId'].complete.$post({ param: { ...param, uploadId: segment(uploadId) } }), DocumentUploaded),
  );
}

export const refreshDocuments = refresh;
