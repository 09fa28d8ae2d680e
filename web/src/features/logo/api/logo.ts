import { LOGO_CONTENT_TYPES, LOGO_LIMITS, LogoSaved, LogoState, StagedLogo, type LogoUploadStart } from '@portal/core/logo';
import { WorkflowUploadTicket } from '@portal/core/workflow';
import useSWR from 'swr';
import { refreshSession } from '../../../lib/auth.ts';
import { idempotent, routeSection, SECTION_READ, segment } from '../../../lib/resource-client.ts';
import { uploadThroughStorage } from '../../../lib/storage-upload.ts';

/** The Logo section's calls (ADR 084) on the typed client (ADR 057): the customer's logo, the upload that stages one, save. */
const section = routeSection('connect', ['logo']);
const { client, read, write, key } = section;
const logo = () => client().logo;

export function useLogo() {
  const at = logo();
  return useSWR(key('logo', 'get', at.$path()), () => read(at.$get(), LogoState), SECTION_READ);
}

/** What the browser can tell before sending (the server judges the bytes): the type to declare, or why not. */
export function checkFile(file: File): { contentType: LogoUploadStart['contentType'] } | { problem: 'wrongType' | 'tooLarge' } {
  const contentType = LOGO_CONTENT_TYPES.find((type) => type === file.type);
  if (!contentType) return { problem: 'wrongType' };
  return file.size > LOGO_LIMITS.maxBytes ? { problem: 'tooLarge' } : { contentType };
}

/** The upload path of ADR 045: a presigned POST, the file straight to storage, then the server stages it re-encoded. */
export async function stageLogo(file: File, contentType: LogoUploadStart['contentType'], onProgress: (share: number) => void) {
  const start: LogoUploadStart = { fileName: file.name, contentType, bytes: file.size };
  return uploadThroughStorage(
    file,
    onProgress,
    () => write(logo().uploads.$post({ json: start, header: idempotent(crypto.randomUUID()) }), WorkflowUploadTicket),
    (uploadId) => write(logo().uploads[':uploadId'].complete.$post({ param: { uploadId: segment(uploadId) } }), StagedLogo),
  );
}

/**
 * Saves a staged logo: applied (the session is read again so this user's header shows it at once) or, where
 * the brand asks for approval, filed as a request (ADR 085).
 */
export async function saveLogo(logoId: string) {
  const saved = await write(logo().apply.$post({ json: { logoId } }), LogoSaved);
  if (saved.outcome === 'applied') await refreshSession('connect');
  return saved;
}
