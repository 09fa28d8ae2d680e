import type { WorkflowUploadTicket } from '@portal/core/workflow';
import type * as z from '@portal/core/zod';

/** The storage refused or could not be reached (not the API): the form shows its own text for it. */
export class StorageUploadError extends Error {}

/**
 * Sends the presigned POST's fields and the file straight to S3 (ADR 045) with XMLHttpRequest (fetch reports
 * no upload progress). `onProgress` gets 0..1.
 */
export function postToStorage(
  ticket: z.infer<typeof WorkflowUploadTicket>,
  file: File,
  onProgress: (share: number) => void,
): Promise<void> {
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
