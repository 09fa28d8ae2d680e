import { MasterData } from '@portal/core/masterdata';
import { ImportFileDetail, ImportFileList, type ImportFileView } from '@portal/core/transaction';
import useSWR from 'swr';
import { resource, resourceKey, SECTION_READ, sectionCalls, segment, useResourceGet } from '../../../lib/resource-client.ts';

/**
 * The Imports section's calls (ADR 069's API: GET /api/imports, GET /api/imports/:fileId) on the typed
 * client (ADR 057), read with core's contracts under the resource client's key scope (a logout drops them).
 * The screens show failures in place, so no snack. The section writes nothing: a file is delivered by SFTP
 * or S3, never through the portal.
 */
// A visit reads afresh (a file moves on within seconds): deduplicated for 2 s only, not SECTION_READ's 5 minutes.
const { client, read } = sectionCalls('connect', () => undefined);

/** Which imports a list shows: a folder's (`owner`; none = the user's own) or, for supplier staff, a day's. */
export type ImportListQuery = { owner?: string | undefined; day?: string | undefined };
/** How many imports a page holds ("Load more" adds the next). */
export const IMPORTS_PAGE_SIZE = 25;
/** How often a list or an import with a file still in work is read again. */
export const IMPORTS_POLL_MS = 3000;

/** The list's query for the typed client (hc leaves undefined values out), in one order: one query, one key. */
const listArgs = ({ owner, day }: ImportListQuery, cursor: string | undefined) => ({
  query: { owner, day, cursor, limit: String(IMPORTS_PAGE_SIZE) },
});
type ListArgs = ReturnType<typeof listArgs>;
const fileArgs = (fileId: string) => ({ param: { fileId: segment(fileId) } });

export const importKeys = {
  page: (args: ListArgs) => resourceKey('connect', 'imports', 'list', client().imports.$path(args)),
  file: (fileId: string) => resourceKey('connect', 'imports', 'get', client().imports[':fileId'].$path(fileArgs(fileId))),
};

export const inWork = (file: Pick<ImportFileView, 'status'>) => file.status === 'checking' || file.status === 'importing';

/**
 * One page of a list, newest first (`cursor`: the page after the one that answered it). Read again every
 * few seconds while a file on it is still being checked or imported.
 */
export function useImportPage(query: ImportListQuery, cursor?: string) {
  const args = listArgs(query, cursor);
  return useSWR(importKeys.page(args), () => read(client().imports.$get(args), ImportFileList), {
    ...SECTION_READ,
    dedupingInterval: 2000,
    keepPreviousData: true,
    refreshInterval: (page) => (page?.items.some(inWork) ? IMPORTS_POLL_MS : 0),
  });
}

/** One import with its first line errors, read again every few seconds while it is in work. */
export function useImportFile(fileId: string) {
  return useSWR(importKeys.file(fileId), () => read(client().imports[':fileId'].$get(fileArgs(fileId)), ImportFileDetail), {
    ...SECTION_READ,
    dedupingInterval: 2000,
    refreshInterval: (file) => (file && inWork(file) ? IMPORTS_POLL_MS : 0),
  });
}

/** GET /api/master-data: the customers and customer groups whose folders the user may choose. */
export const masterData = resource((c) => c['master-data'], MasterData);
export const useMasterData = () => useResourceGet(masterData);
