import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from '../workflow/request-upload.ts';
import * as z from '../shared/zod.ts';

/**
 * A customer's document folder (SPEC 2 "documents", SPEC 3 documentDirname; ADR 082): files the supplier puts
 * there and the company's own uploads, in folders; listed with name, size, type and date, sorted and searched
 * by name; downloaded through a short-lived signed link.
 */
export const DOCUMENT_LIMITS = { name: 200, folder: 200, folderDepth: 4, search: 100, perCustomer: 2_000, versionsListed: 100 } as const;
/**
 * How long a download stays on record (ADR 105): 13 months, so "who downloaded what" covers a full year
 * and the same month of the year before; the editors' dialog says so.
 */
export const DOWNLOADS_KEPT_MONTHS = 13;

/** An Excel workbook (OOXML spreadsheet, SPEC 2: price lists): accepted for documents only (ADR 105). */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What a document upload may be, judged by its bytes: the workflow's types (ADR 045) and XLSX. */
export const DOCUMENT_CONTENT_TYPES = [...UPLOAD_CONTENT_TYPES, XLSX_CONTENT_TYPE] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];
/** The size cap per type: the workflow's for images and PDFs, 20 MB for a workbook (long price lists). */
export const DOCUMENT_MAX_BYTES: Record<DocumentContentType, number> = {
  'image/png': UPLOAD_MAX_BYTES,
  'image/jpeg': UPLOAD_MAX_BYTES,
  'image/webp': UPLOAD_MAX_BYTES,
  'application/pdf': UPLOAD_MAX_BYTES,
  [XLSX_CONTENT_TYPE]: 20 * 1024 * 1024,
};
export const DOCUMENT_MAX_BYTES_ANY = Math.max(...Object.values(DOCUMENT_MAX_BYTES));

/** No control characters (NUL included), no path separators, not `.` or `..`: a name is one path segment. */
const segmentProblem = (segment: string): string | null => {
  if ([...segment].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) return 'Control characters are not allowed';
  if (segment.includes('/') || segment.includes('\\')) return 'A name cannot contain / or \\';
  if (segment === '.' || segment === '..') return 'A name cannot be . or ..';
  if (segment.trim() !== segment || segment === '') return 'A name cannot be empty or start or end with a space';
  return null;
};

export const DocumentName = z.string().check(
  z.minLength(1, 'The file needs a name'),
  z.maxLength(DOCUMENT_LIMITS.name, 'The name is longer than 200 characters'),
  z.refine((name) => segmentProblem(name) === null, 'Not a file name: no path, no control characters'),
);

/** A folder: '' (the top) or up to four names joined by `/`; never absolute, never `..`. */
export const DocumentFolder = z.string().check(
  z.maxLength(DOCUMENT_LIMITS.folder, 'The folder path is longer than 200 characters'),
  z.refine(
    (folder) =>
      folder === '' ||
      (folder.split('/').length <= DOCUMENT_LIMITS.folderDepth && folder.split('/').every((s) => segmentProblem(s) === null)),
    'Not a folder: relative names joined by /, at most 4 deep, no . or ..',
  ),
);

export const DOCUMENT_SORTS = ['name', 'size', 'type', 'date'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

/** GET documents/:customerId — a folder's files and sub-folders, or (with `q`) every file whose name holds `q`. */
export const DocumentQuery = z.object({
  folder: z._default(DocumentFolder, ''),
  q: z.optional(z.string().check(z.maxLength(DOCUMENT_LIMITS.search))),
  sort: z._default(z.enum(DOCUMENT_SORTS), 'name'),
  dir: z._default(z.enum(['asc', 'desc']), 'asc'),
});
export type DocumentQuery = z.infer<typeof DocumentQuery>;

export const CustomerParams = z.object({ customerId: z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Not a customer id')) });
const DocumentId = z.string().check(z.regex(/^doc-[A-Za-z0-9_-]{1,40}$/, 'Not a document id'));
export const DocumentParams = z.extend(CustomerParams, { documentId: DocumentId });
export const OwnDocumentParams = z.object({ documentId: DocumentId });
export const DocumentUploadParams = z.extend(CustomerParams, { uploadId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/)) });
/** A version number in a path: 1..999999 (VER# rows are keyed by it zero-padded). */
export const DocumentVersionParams = z.extend(DocumentParams, {
  version: z.string().check(z.regex(/^[1-9][0-9]{0,5}$/, 'Not a version number')),
});

export const Document = z.object({
  documentId: z.string(),
  folder: z.string(),
  name: z.string(),
  bytes: z.number(),
  contentType: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
  /** The supplier's file (contracts, price lists) or the company's own upload. */
  source: z.enum(['supplier', 'company']),
  /** 1 for a new file; a replace (same name, same folder) or a restore makes the next one (ADR 105). */
  version: z.number(),
  /** The earlier version this one restored, if it is a restore. */
  restoredFrom: z.optional(z.number()),
});
export type Document = z.infer<typeof Document>;

/** An earlier version of a document, kept when a replace or a restore made a newer one. */
export const DocumentVersion = z.object({
  version: z.number(),
  bytes: z.number(),
  contentType: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
  restoredFrom: z.optional(z.number()),
  /** When a newer version took its place. */
  replacedAt: z.string(),
});
export type DocumentVersion = z.infer<typeof DocumentVersion>;
/** GET …/:documentId/versions — the current document and its earlier versions, newest first (100 at most). */
export const DocumentVersions = z.object({ document: Document, versions: z.array(DocumentVersion) });
export type DocumentVersions = z.infer<typeof DocumentVersions>;

export const DocumentList = z.object({
  customerId: z.string(),
  folder: z.string(),
  /** The folder's direct sub-folders (empty while searching). */
  folders: z.array(z.string()),
  documents: z.array(Document),
  /** Whether the caller may upload here and delete (ADR 082). */
  mayEdit: z.boolean(),
});
export type DocumentList = z.infer<typeof DocumentList>;

/** POST documents/:customerId/uploads — the upload path of ADR 045 with the documents' folder. */
export const DocumentUploadStart = z.object({
  folder: z._default(DocumentFolder, ''),
  fileName: DocumentName,
  contentType: z.enum(DOCUMENT_CONTENT_TYPES, 'Only PDF documents, Excel workbooks (XLSX) and PNG, JPEG and WebP images can be uploaded'),
  bytes: z.number().check(z.int(), z.gte(1, 'The file is empty'), z.lte(DOCUMENT_MAX_BYTES_ANY, 'The file is larger than 20 MB')),
});
export type DocumentUploadStart = z.infer<typeof DocumentUploadStart>;

export const DocumentDownload = z.object({ url: z.string(), expiresInSeconds: z.number() });
export type DocumentDownload = z.infer<typeof DocumentDownload>;

export const DocumentDownloadRecord = z.object({ documentId: z.string(), at: z.string(), username: z.string(), name: z.string() });
export type DocumentDownloadRecord = z.infer<typeof DocumentDownloadRecord>;
export const DocumentDownloads = z.object({ downloads: z.array(DocumentDownloadRecord) });
/**
 * A company editor's upload where the brand asks for approval of the company's documents (ADR 107):
 * filed as a "Company documents change" request; the document shows in the folder once it is approved.
 */
export const DocumentFiled = z.object({ outcome: z.literal('filed'), requestId: z.string(), name: z.string(), folder: z.string() });
export type DocumentFiled = z.infer<typeof DocumentFiled>;
/** POST documents/customers/:customerId/uploads/:uploadId/complete: the document placed, or filed for approval. */
export const DocumentUploaded = z.union([Document, DocumentFiled]);
export type DocumentUploaded = z.infer<typeof DocumentUploaded>;
export type DocumentDownloads = z.infer<typeof DocumentDownloads>;
