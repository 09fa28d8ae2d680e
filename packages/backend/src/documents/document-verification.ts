import { DOCUMENT_MAX_BYTES, type DocumentContentType, XLSX_CONTENT_TYPE } from '@portal/core/documents';
import type JSZip from 'jszip';
import { uploadRejected, verifyUpload } from '../workflow/index.ts';

/**
 * What a document upload is, by its bytes alone (ADR 105): a zip that is an OOXML workbook is an
 * XLSX, everything else takes the workflow's check (ADR 045: PNG, JPEG, WebP, passive PDF; markup refused).
 * The workbook check reads the zip's directory with jszip and its `[Content_Types].xml` part: the main part
 * must be a spreadsheet's, macros (vbaProject, macro-enabled types) are refused, and the zip must start at
 * byte 0 and end with its directory record, so nothing (HTML, a script, another format) rides before or
 * after it as a polyglot. Nothing is unpacked but the one small content types part (no zip bomb to inflate).
 */
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const ZIP_END_RECORD = [0x50, 0x4b, 0x05, 0x06];
/** End of central directory record without a comment: 22 bytes. */
const END_RECORD_BYTES = 22;
const MAX_ENTRIES = 10_000;
const CONTENT_TYPES_MAX_BYTES = 256 * 1024;
const SPREADSHEET_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

const startsWith = (bytes: Uint8Array, at: number, signature: readonly number[]) => signature.every((b, i) => bytes[at + i] === b);
const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** The content types part, read as a stream and given up past its cap (a crafted entry may inflate to gigabytes). */
async function contentTypesOf(zip: JSZip): Promise<string> {
  const part = zip.file('[Content_Types].xml');
  if (!part) throw uploadRejected('The file is a zip archive, not an Excel workbook.');
  const chunks: Buffer[] = [];
  let size = 0;
  await new Promise<void>((resolve, reject) => {
    const stream = part.nodeStream('nodebuffer');
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > CONTENT_TYPES_MAX_BYTES) {
        reject(uploadRejected('The workbook could not be read.'));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => resolve());
    stream.on('error', () => reject(uploadRejected('The workbook could not be read.')));
  });
  return Buffer.concat(chunks).toString('utf8');
}

async function verifyWorkbook(bytes: Uint8Array): Promise<void> {
  const end = bytes.length - END_RECORD_BYTES;
  if (end < 0 || !startsWith(bytes, end, ZIP_END_RECORD))
    throw uploadRejected('The file carries data after its zip archive, so it is not accepted as a workbook.');
  const { default: Zip } = await import('jszip');
  let zip: JSZip;
  try {
    zip = await Zip.loadAsync(bytes, { checkCRC32: false, createFolders: false });
  } catch {
    throw uploadRejected('The workbook could not be read.');
  }
  const names = Object.keys(zip.files);
  if (names.length > MAX_ENTRIES) throw uploadRejected('The workbook holds too many parts.');
  if (names.some((name) => name.startsWith('/') || name.includes('\\') || name.split('/').includes('..')))
    throw uploadRejected('The workbook holds parts with path names, which are not accepted.');
  const types = await contentTypesOf(zip);
  if (!types.includes(SPREADSHEET_MAIN)) throw uploadRejected('The file is a zip archive, not an Excel workbook (XLSX).');
  if (/macroEnabled|vbaProject/i.test(types) || names.some((name) => /vbaProject/i.test(name)))
    throw uploadRejected('The workbook contains macros, which are not accepted. Save it as an .xlsx workbook.');
}

/** The verified type of a document upload, or WORKFLOW.UPLOAD_REJECTED (400) saying why not; its size cap checked. */
export async function verifyDocument(bytes: Uint8Array): Promise<DocumentContentType> {
  if (bytes.length === 0) throw uploadRejected('The file is empty.');
  if (startsWith(bytes, 0, ZIP_LOCAL_HEADER)) {
    if (bytes.length > DOCUMENT_MAX_BYTES[XLSX_CONTENT_TYPE])
      throw uploadRejected(`The workbook is larger than ${mb(DOCUMENT_MAX_BYTES[XLSX_CONTENT_TYPE])}.`);
    await verifyWorkbook(bytes);
    return XLSX_CONTENT_TYPE;
  }
  const { contentType } = await verifyUpload(bytes);
  return contentType;
}
