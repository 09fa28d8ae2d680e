import {
  Document,
  DocumentDownload,
  DocumentDownloads,
  DocumentList,
  type DocumentQuery,
  DocumentVersions,
  type DocumentUploadStart,
} from '@portal/core/documents';
import { WorkflowUploadTicket } from '@portal/core/workflow';
import * as z from '@portal/core/zod';
import useSWR from 'swr';
import { idempotent, queryOf, routeSection, SECTION_READ, segment } from '../../../lib/resource-client.ts';
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

export function useDocumentList(query: Partial<DocumentQuery>) {
  const at = documents();
  const args = { query: queryOf({ folder: query.folder || undefined, q: query.q || undefined, sort: query.sort, dir: query.dir }) };
  return useSWR(key('documents', 'list', at.$path(args)), () => read(at.$get(args), DocumentList), SECTION_READ);
}

/** A one-minute attachment link (the download is recorded by the server). */
export function downloadLink(documentId: string) {
  const at = documents()[':documentId'].download;
  return read(at.$get({ param: { documentId: segment(documentId) } }), DocumentDownload);
}

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

/** A file into `folder` through the one browser upload path (ADR 045); a file of that name there is replaced. */
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
    (uploadId) => write(at.uploads[':uploadId'].complete.$post({ param: { ...param, uploadId: segment(uploadId) } }), Document),
  );
}

export const refreshDocuments = refresh;
