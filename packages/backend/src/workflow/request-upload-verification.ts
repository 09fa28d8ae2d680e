import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, WORKFLOW } from '@portal/core/workflow';
import { AppError } from '../errors.ts';

/**
 * What an upload is, judged by its bytes alone (ADR 045): the name and the type the browser declared are
 * never trusted. A file counts only as one of UPLOAD_CONTENT_TYPES by its magic bytes (file-type), an image
 * only with readable dimensions within UPLOAD_MAX_PIXELS (image-size), a PDF only without active content.
 * Markup (SVG, HTML, XML) is refused whatever its name: it is what a browser would run.
 */
export type VerifiedFile = {
  contentType: (typeof UPLOAD_CONTENT_TYPES)[number];
  width: number | null;
  height: number | null;
  pageCount: number | null;
};

export const uploadRejected = (message: string) => new AppError('input', WORKFLOW.UPLOAD_REJECTED, message);

const ALLOWED: readonly string[] = UPLOAD_CONTENT_TYPES;
const NAMES: Record<string, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP', 'application/pdf': 'PDF' };
const namesOf = (types: readonly string[]) => types.map((t) => NAMES[t] ?? t).join(', ');

/** Leading `<` after an optional BOM and white space: SVG, HTML, XML, whatever the file is called. */
function looksLikeMarkup(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<');
}

/** Dictionary keys that make a PDF run something or carry files (JavaScript actions, launch, embedded files, forms, media). */
const ACTIVE_PDF_KEYS = ['JavaScript', 'JS', 'Launch', 'EmbeddedFiles', 'EmbeddedFile', 'RichMedia', 'XFA'];

/**
 * A PDF's objects, object streams included (pdf-lib decodes them), searched for active content; an
 * encrypted or unreadable PDF cannot be checked and is refused. Answers its page count (pins name a page,
 * ADR 047); a PDF without pages is refused, as nothing could be shown or pinned.
 */
async function passivePdfPages(bytes: Uint8Array): Promise<number> {
  const { PDFDocument, PDFDict, PDFArray, PDFName, PDFStream } = await import('pdf-lib');
  let doc: Awaited<ReturnType<typeof PDFDocument.load>>;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    throw uploadRejected('The PDF could not be read.');
  }
  if (doc.isEncrypted) throw uploadRejected('The PDF is encrypted, so it cannot be checked. Upload it without a password.');
  const activeKeys = ACTIVE_PDF_KEYS.map((k) => PDFName.of(k));
  // Action types (values of /S) that run something.
  const activeActions = ['JavaScript', 'Launch', 'RichMediaExecute', 'ImportData'].map((k) => PDFName.of(k));
  const seen = new Set<unknown>();
  const isActive = (value: unknown): boolean => {
    if (seen.has(value)) return false;
    seen.add(value);
    const dict = value instanceof PDFStream ? value.dict : value instanceof PDFDict ? value : null;
    if (dict) {
      const action = dict.get(PDFName.of('S'));
      if (activeKeys.some((k) => dict.has(k)) || activeActions.some((a) => a === action)) return true;
      return dict.values().some(isActive);
    }
    return value instanceof PDFArray ? value.asArray().some(isActive) : false;
  };
  if (doc.context.enumerateIndirectObjects().some(([, object]) => isActive(object))) {
    throw uploadRejected('The PDF contains JavaScript, launch actions, forms or embedded files, which are not accepted.');
  }
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    throw uploadRejected('The PDF could not be read.');
  }
  if (pages < 1) throw uploadRejected('The PDF has no pages.');
  return pages;
}

/**
 * The verified type and dimensions of `bytes`, or WORKFLOW.UPLOAD_REJECTED (400) saying why not.
 * `accepted` narrows the types (a screenflow takes images only).
 */
export async function verifyUpload(bytes: Uint8Array, accepted: readonly string[] = ALLOWED): Promise<VerifiedFile> {
  if (bytes.length === 0) throw uploadRejected('The file is empty.');
  if (bytes.length > UPLOAD_MAX_BYTES) throw uploadRejected(`The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);
  if (looksLikeMarkup(bytes))
    throw uploadRejected(`The file holds markup (SVG, HTML or XML), not an image. Accepted: ${namesOf(accepted)}.`);
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  // The detected type as one of UPLOAD_CONTENT_TYPES, when it is also one the item accepts.
  const contentType = UPLOAD_CONTENT_TYPES.find((type) => type === detected?.mime && accepted.includes(type));
  if (!detected || !contentType) {
    const what = detected ? `a ${detected.ext.toUpperCase()} file` : 'not a file type we recognise';
    throw uploadRejected(`The file's content is ${what}, whatever its name. Accepted: ${namesOf(accepted)}.`);
  }
  if (contentType === 'application/pdf') {
    return { contentType, width: null, height: null, pageCount: await passivePdfPages(bytes) };
  }
  const { imageSize } = await import('image-size');
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw uploadRejected('The image is damaged: its dimensions could not be read.');
  }
  const { width = 0, height = 0 } = size;
  if (width < 1 || height < 1) throw uploadRejected('The image is damaged: its dimensions could not be read.');
  if (width * height > UPLOAD_MAX_PIXELS) {
    throw uploadRejected(`The image has ${width} × ${height} pixels, more than the ${UPLOAD_MAX_PIXELS.toLocaleString('en')} allowed.`);
  }
  return { contentType, width, height, pageCount: null };
}
