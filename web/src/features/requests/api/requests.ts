import {
  ApproverCandidates,
  ItemComment,
  type ItemCommentInput,
  RequestDetail,
  RequestStepItem,
  Workflow,
  type WorkflowInput,
  WorkflowRequestPage,
  type WorkflowUpdate,
} from '@portal/core/workflow';
import { WorkflowUploadTicket, type WorkflowUploadStart } from '@portal/core/workflow';
import { toPagination } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import useSWR, { mutate } from 'swr';
import { readJson } from '../../../lib/api-client.ts';
import { KeyScope } from '../../../lib/query-keys.ts';
import { LIST_CACHE_MS, queryString, resourcePath } from '../../../lib/resource-client.ts';
import { sectionCalls } from '../../../lib/section-calls.ts';

/**
 * The Requests section's calls (ADR 046; workflows-shared.md): flow/workflows, flow/workflow-requests,
 * -items, -comments and the uploads. Failures are shown in place (codes translated), so no snack; a 401/403
 * still opens the auth dialog. Keys share the resource client's shape `[scope, portal, route, kind, url]`
 * (a logout drops them); every write re-reads the section's answers, the shown one kept until then.
 */
const ROUTES = new Set(['flow/workflows', 'flow/workflow-requests']);
const key = (route: string, kind: 'list' | 'get', url: string) => [KeyScope.resource, 'connect', route, kind, url] as const;
export const refreshRequests = () =>
  mutate((k: unknown) => Array.isArray(k) && k[0] === KeyScope.resource && k[1] === 'connect' && ROUTES.has(k[2] as string));

const { read, write, send } = sectionCalls('connect', refreshRequests);
const NoContent = z.unknown();
const cached = { dedupingInterval: LIST_CACHE_MS, revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false } as const;

const WorkflowList = z.object({ workflows: z.array(Workflow) });

export function useWorkflows(customerId: string) {
  const url = resourcePath('flow/workflows') + queryString({ customerId });
  return useSWR(customerId ? key('flow/workflows', 'list', url) : null, () => read(url, WorkflowList), cached);
}

/** One workflow's latest version (the editor). */
export function useWorkflow(workflowId: string) {
  const url = workflowId ? resourcePath('flow/workflows', workflowId) : '';
  return useSWR(workflowId ? key('flow/workflows', 'get', url) : null, () => read(url, Workflow), { revalidateOnFocus: false, shouldRetryOnError: false });
}
/** The customer's users who may approve (a step's "who may approve"); editWorkflows only. */
export function useApproverCandidates(customerId: string) {
  const url = resourcePath('flow/workflows', 'approver-candidates') + queryString({ customerId });
  return useSWR(customerId ? key('flow/workflows', 'get', url) : null, () => read(url, ApproverCandidates), cached);
}
export const createWorkflow = (input: WorkflowInput, idempotencyKey: string) => write(resourcePath('flow/workflows'), 'POST', input, Workflow, idempotencyKey);
/** A save is a new version; `baseVersion` is the one the editor started from (a newer save meanwhile: 409). */
export const updateWorkflow = (workflowId: string, update: WorkflowUpdate) => write(resourcePath('flow/workflows', workflowId), 'PUT', update, Workflow);

export interface RequestListQuery {
  history: boolean;
  /** SPEC only-pending=0 (approvers): drafts and rejected requests too. */
  allOpen?: boolean;
  workflowId: string;
  customerId: string;
  q: string;
  index: number;
  maxResults: number;
}
/** `enabled` false: no call (a global user has not chosen a customer yet). */
export function useRequestList(query: RequestListQuery, enabled = true) {
  const url =
    resourcePath('flow/workflow-requests') +
    queryString({
      ...(query.history ? { mode: 'history' } : {}),
      ...(query.allOpen ? { 'only-pending': '0' } : {}),
      ...(query.workflowId ? { workflowId: query.workflowId } : {}),
      ...(query.customerId ? { customerId: query.customerId } : {}),
      ...(query.q ? { q: query.q } : {}),
      index: query.index,
      maxResults: query.maxResults,
    });
  return useSWR(enabled ? key('flow/workflow-requests', 'list', url) : null, async () => {
    const page = await read(url, WorkflowRequestPage);
    return { ...page, pagination: toPagination(page) };
  }, { ...cached, keepPreviousData: true });
}

export function useRequest(id: string) {
  const url = resourcePath('flow/workflow-requests', id);
  return useSWR(key('flow/workflow-requests', 'get', url), () => read(url, RequestDetail), { revalidateOnFocus: false, shouldRetryOnError: false });
}

export const createRequest = (input: { workflowId: string; customerId: string }, idempotencyKey: string) =>
  write(resourcePath('flow/workflow-requests'), 'POST', input, RequestDetail, idempotencyKey);
/** SPEC: a step submission sends the step id and the enquiry. */
export const submitStep = (id: string, workflowStepId: string, enquiry: string) =>
  write(resourcePath('flow/workflow-requests', id), 'PUT', { workflowStepId, enquiry }, RequestDetail);
export const answerItem = (itemId: string, answer: string) =>
  write(resourcePath('flow/workflow-request-items', itemId), 'PUT', { answer }, RequestStepItem);
export const approveRequest = (id: string, comment: string) =>
  write(resourcePath('flow/workflow-requests', id, 'approve'), 'POST', comment ? { comment } : {}, RequestDetail);
export const rejectRequest = (id: string, comment: string) =>
  write(resourcePath('flow/workflow-requests', id, 'reject'), 'POST', { comment }, RequestDetail);
export const archiveRequest = (id: string) => write(resourcePath('flow/workflow-requests', id), 'DELETE', undefined, NoContent);
export const addComment = (input: z.input<typeof ItemCommentInput>) =>
  write(resourcePath('flow/workflow-request-comments'), 'POST', input, ItemComment);
export const removeFile = (itemId: string, fileId: string) =>
  write(resourcePath('flow/workflow-request-items', itemId, `files/${fileId}`), 'DELETE', undefined, NoContent);

/** SPEC: download links use the request route plus a query string. */
export const downloadUrl = (requestId: string, fileId: string) => resourcePath('flow/workflow-requests', requestId) + queryString({ download: fileId });

const FileLink = z.object({ url: z.string() });
/**
 * A file's presigned GET (minutes), for the image viewer and downloads: the call names its portal
 * (X-Portal), which a plain <img src> or link cannot, so it asks the request route for the URL as JSON
 * (W1: `Accept: application/json` instead of the 302). The object is served as an attachment with nosniff.
 */
export async function fetchFileLink(requestId: string, fileId: string): Promise<{ url: string }> {
  const response = await send(downloadUrl(requestId, fileId), { headers: { Accept: 'application/json' } });
  return readJson(response, FileLink, { notify: false });
}

/**
 * An upload (ADR 045): ask for a presigned POST, send the fields and the file straight to S3 with
 * XMLHttpRequest (fetch reports no upload progress), then have the API verify it. `onProgress` gets 0..1.
 */
export async function uploadFile(itemId: string, file: File, onProgress: (share: number) => void): Promise<z.infer<typeof RequestStepItem>> {
  const start: WorkflowUploadStart = { fileName: file.name, contentType: file.type as WorkflowUploadStart['contentType'], bytes: file.size };
  const ticket = await write(resourcePath('flow/workflow-request-items', itemId, 'upload'), 'POST', start, WorkflowUploadTicket);
  await postToStorage(ticket, file, onProgress);
  return write(resourcePath('flow/workflow-request-items', itemId, `uploads/${ticket.uploadId}/complete`), 'POST', {}, RequestStepItem);
}

export class StorageUploadError extends Error {}

function postToStorage(ticket: z.infer<typeof WorkflowUploadTicket>, file: File, onProgress: (share: number) => void): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ticket.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? (onProgress(1), resolve()) : reject(new StorageUploadError(`storage ${xhr.status}`)));
    xhr.onerror = () => reject(new StorageUploadError('storage unreachable'));
    xhr.send(form);
  });
}
