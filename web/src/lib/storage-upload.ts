import type { WorkflowUploadTicket } from '@portal/core/workflow';

/**
 * The one browser upload path (ADR 045), for request files and documents alike: the API hands out a
 * presigned POST (`start`), the fields and the file go straight to S3 with XMLHttpRequest (fetch reports no
 * upload progress), then the API verifies the object (`complete`). `onProgress` gets 0..1.
 */
export class StorageUploadError extends Error {}

export async function uploadThroughStorage<T>(
  file: File,
  onProgress: (share: number) => void,
  start: () => Promise<WorkflowUploadTicket>,
  complete: (uploadId: string) => Promise<T>,
): Promise<T> {
  const ticket = await start();
  await postToStorage(ticket, file, onProgress);
  return complete(ticket.uploadId);
}

function postToStorage(ticket: WorkflowUploadTicket, file: File, onProgress: (share: number) => void): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    // eslint-disable-next-line no-restricted-syntax -- the presigned POST goes to S3, not the API (ADR 045)
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ticket.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? (onProgress(1), resolve()) : reject(new StorageUploadError(`storage ${xhr.status}`));
    xhr.onerror = () => reject(new StorageUploadError('storage unreachable'));
    xhr.send(form);
  });
}
