import { DocumentDownload, DocumentList, type DocumentQuery } from '@portal/core/documents';
import useSWR from 'swr';
import { queryOf, routeSection, SECTION_READ, segment } from '../../../lib/resource-client.ts';

/** The Documents section's calls (ADR 082) on the typed client (ADR 057): the own customer's folder and a download link. */
const section = routeSection('connect', ['documents']);
const { client, read, key } = section;
const documents = () => client().documents;

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
