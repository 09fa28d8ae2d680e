import { ItemComment, type ItemCommentInput, RequestDetail, RequestStepItem } from '@portal/core/workflow';
import { WorkflowUploadTicket, type WorkflowUploadStart } from '@portal/core/workflow';
import * as z from '@portal/core/zod';
import useSWR from 'swr';
import { segment } from '../../../lib/resource-client.ts';
import { uploadThroughStorage } from '../../../lib/storage-upload.ts';
import { requestsSection } from './requests.ts';

/**
 * A request's page's calls (ADR 046; workflows-shared.md): the request, its steps' answers, decisions, comments,
 * files and uploads, in the list's key scope (requests.ts), apart from the list's calls so the list does not
 * download them (ADR 128).
 */
const { client, read, write, key } = requestsSection;
const flow = () => client().flow;
const NoContent = z.unknown();

const requestAt = (id: string) => ({ param: { id: segment(id) } });

export function useRequest(id: string) {
  const at = flow()['workflow-requests'][':id'];
  const args = () => ({ ...requestAt(id), query: {} });
  return useSWR(key('flow/workflow-requests', 'get', at.$path(args())), () => read(at.$get(args()), RequestDetail), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/** SPEC: a step submission sends the step id and the enquiry. */
export const submitStep = (id: string, workflowStepId: string, enquiry: string) =>
  write(flow()['workflow-requests'][':id'].$put({ ...requestAt(id), json: { workflowStepId, enquiry } }), RequestDetail);
export const answerItem = (itemId: string, answer: string) =>
  write(flow()['workflow-request-items'][':itemId'].$put({ param: { itemId: segment(itemId) }, json: { answer } }), RequestStepItem);
export const approveRequest = (id: string, comment: string) =>
  write(flow()['workflow-requests'][':id'].approve.$post({ ...requestAt(id), json: comment ? { comment } : {} }), RequestDetail);
export const rejectRequest = (id: string, comment: string) =>
  write(flow()['workflow-requests'][':id'].reject.$post({ ...requestAt(id), json: { comment } }), RequestDetail);
export const archiveRequest = (id: string) => write(flow()['workflow-requests'][':id'].$delete(requestAt(id)), NoContent);
export const addComment = (input: z.input<typeof ItemCommentInput>) =>
  write(flow()['workflow-request-comments'].$post({ json: input }), ItemComment);
export const removeFile = (itemId: string, fileId: string) =>
  write(
    flow()['workflow-request-items'][':itemId'].files[':fileId'].$delete({ param: { itemId: segment(itemId), fileId: segment(fileId) } }),
    NoContent,
  );

/** SPEC: download links use the request route plus a query string. */
const downloadArgs = (requestId: string, fileId: string) => ({ ...requestAt(requestId), query: { download: fileId } });
export const downloadUrl = (requestId: string, fileId: string) => flow()['workflow-requests'][':id'].$path(downloadArgs(requestId, fileId));

const FileLink = z.object({ url: z.string() });
/**
 * A file's presigned GET (minutes), for the image viewer and downloads: the call names its portal
 * (X-Portal), which a plain <img src> or link cannot, so it asks the request route for the URL as JSON
 * (W1: `Accept: application/json` instead of the 302). The object is served as an attachment with nosniff.
 */
export async function fetchFileLink(requestId: string, fileId: string): Promise<{ url: string }> {
  return read(
    flow()['workflow-requests'][':id'].$get(downloadArgs(requestId, fileId), { headers: { Accept: 'application/json' } }),
    FileLink,
  );
}

/** An upload through the one browser upload path (lib/storage-upload.ts, ADR 045). `onProgress` gets 0..1. */
export async function uploadFile(
  itemId: string,
  file: File,
  onProgress: (share: number) => void,
): Promise<z.infer<typeof RequestStepItem>> {
  const start: WorkflowUploadStart = {
    fileName: file.name,
    contentType: file.type as WorkflowUploadStart['contentType'],
    bytes: file.size,
  };
  const item = () => flow()['workflow-request-items'][':itemId'];
  return uploadThroughStorage(
    file,
    onProgress,
    () => write(item().upload.$post({ param: { itemId: segment(itemId) }, json: start }), WorkflowUploadTicket),
    (uploadId) =>
      write(
        item().uploads[':uploadId'].complete.$post({ param: { itemId: segment(itemId), uploadId: segment(uploadId) } }),
        RequestStepItem,
      ),
  );
}
