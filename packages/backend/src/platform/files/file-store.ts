import { Readable } from 'node:stream';
import { errorField, errorHttpStatus } from '../error-fields.ts';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import type { FaultInjector } from '../faults/fault-injector.ts';
import { lazy } from '../lazy.ts';
import { presignedPost, type UploadForm } from './post-policy.ts';

/** The SDK is loaded with the first file call (exports, reports), not at the API's cold start. */
const sdk = lazy(() => import('./s3-sdk.ts'));

/** One stored object: its bucket key and what the download is called. */
export type StoredFile = { key: string; bytes: number };

/**
 * Files in S3 (ARCHITECTURE: platform/files): streamed multipart uploads and short-lived presigned
 * downloads. The same code runs against AWS and the local s3rver; only the endpoint differs (a custom
 * endpoint means path-style addressing, which s3rver needs).
 */
/** The object was written again since the ETag a reader named (FileStore.readStream). */
export class FileChanged extends Error {
  constructor(readonly key: string) {
    super(`${key} changed since it was named`);
    this.name = 'FileChanged';
  }
}

/** An ETag as S3 answers it: quoted (an S3 event names it without the quotes). */
const quoted = (eTag: string) => (eTag.startsWith('"') ? eTag : `"${eTag}"`);

export interface FileStore {
  readonly bucket: string;
  /**
   * Streams `body` to `key` as a multipart upload (parts of 5 MB, a few in flight: memory stays at a
   * few parts whatever the size). Resolves when S3 holds the whole object; an error aborts the upload.
   */
  upload(key: string, body: Readable, contentType: string): Promise<StoredFile>;
  /**
   * A GET URL valid for `expiresInSeconds`, answering the file as an attachment named `fileName`
   * (and with `contentType` instead of the stored one when given: a verified upload's type, ADR 045).
   */
  downloadUrl(key: string, fileName: string, expiresInSeconds: number, contentType?: string): Promise<string>;
  /** A presigned POST a browser uploads one file to `key` with (that Content-Type, 1..maxBytes bytes; ADR 045). */
  uploadForm(key: string, limits: { contentType: string; maxBytes: number; expiresInSeconds: number }, now: Date): Promise<UploadForm>;
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /**
   * Stores exactly `bytes` at `key` with `contentType`, as an attachment named `fileName` (small files: a
   * verified upload is written from the bytes that were checked, never copied from a key a form can still
   * write to; ADR 050).
   */
  put(key: string, bytes: Uint8Array, as: { contentType: string; fileName: string }): Promise<void>;
  /** The object's bytes as one buffer (tests and small files only). */
  read(key: string): Promise<Buffer>;
  /**
   * The object's bytes from `fromByte` on as a stream (joining report parts, ADR 041). With `eTag`, only that
   * content: an object written again since answers FileChanged (an import checked whole, then read in slices,
   * must read what it checked; ADR 069).
   */
  readStream(key: string, fromByte?: number, eTag?: string): Promise<Readable>;
  /** A copy of the object under another key, inside S3 (CopyObject: ≤ 5 GB; a report part's file, ADR 074). */
  copy(fromKey: string, toKey: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export type FileStoreSettings = Pick<Config, 'AWS_REGION' | 'S3_ENDPOINT'> & {
  bucket: string;
  client?: S3Client;
  /** How long a whole-object read may go without a byte before it is tried again (READ_IDLE_MS; lowered by tests). */
  readIdleMs?: number;
};

/**
 * A whole-object read (`read`: an upload being checked, small files) that receives no byte for this long has
 * stalled — a socket that hangs, or a store that answered fewer bytes than its Content-Length (s3rver does,
 * when the object is written again while it is read: it rewrites the file in place). The SDK sets no idle
 * limit of its own, so such a read would hold its request until the Lambda's timeout; it is tried once more.
 */
export const READ_IDLE_MS = 5_000;

/** Thrown for a read that went `idleMs` without a byte. */
class StalledRead extends Error {
  constructor(key: string, idleMs: number) {
    super(`${key}: no byte for ${idleMs} ms`);
    this.name = 'StalledRead';
  }
}

/** The stream's bytes, or StalledRead (and the stream destroyed) when `idleMs` passes without a chunk. */
function bytesWithin(body: Readable, key: string, idleMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let timer = setTimeout(stall, idleMs);
    function stall() {
      body.destroy();
      reject(new StalledRead(key, idleMs));
    }
    body.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      clearTimeout(timer);
      timer = setTimeout(stall, idleMs);
    });
    body.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    body.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** RFC 6266: an ASCII fallback name plus the UTF-8 name, so umlauts survive and quotes cannot break out. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function createFileStore(settings: FileStoreSettings, faults?: FaultInjector): FileStore {
  const { bucket } = settings;
  const client = lazy(async () => {
    if (settings.client) return settings.client;
    const { S3Client } = await sdk();
    const s3 = new S3Client({
      region: settings.AWS_REGION,
      ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT, forcePathStyle: true } : {}),
    });
    faults?.install(s3, 's3');
    return s3;
  });
  return {
    bucket,
    async upload(key, body, contentType) {
      const [s3, { Upload }] = await Promise.all([client(), sdk()]);
      let bytes = 0;
      body.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      // queueSize 2: one part uploading while the next fills; 5 MB parts (the S3 minimum).
      const upload = new Upload({
        client: s3,
        queueSize: 2,
        partSize: 5 * 1024 * 1024,
        leavePartsOnError: false,
        params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
      });
      await upload.done();
      return { key, bytes };
    },
    async downloadUrl(key, fileName, expiresInSeconds, contentType) {
      const [s3, { GetObjectCommand, getSignedUrl }] = await Promise.all([client(), sdk()]);
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(fileName),
        ...(contentType ? { ResponseContentType: contentType } : {}),
      });
      return getSignedUrl(s3, command, { expiresIn: expiresInSeconds });
    },
    async uploadForm(key, limits, now) {
      const s3 = await client();
      const credentials = await s3.config.credentials();
      return presignedPost({ bucket, region: settings.AWS_REGION, endpoint: settings.S3_ENDPOINT, key, ...limits, credentials, now });
    },
    async put(key, bytes, as) {
      const [s3, { PutObjectCommand }] = await Promise.all([client(), sdk()]);
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: as.contentType,
          ContentDisposition: attachmentDisposition(as.fileName),
        }),
      );
    },
    async size(key) {
      const [s3, { HeadObjectCommand }] = await Promise.all([client(), sdk()]);
      try {
        return (await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? 0;
      } catch (error) {
        if (errorField(error, 'name') === 'NotFound' || errorHttpStatus(error) === 404) return null;
        throw error;
      }
    },
    async read(key) {
      const [s3, { GetObjectCommand }] = await Promise.all([client(), sdk()]);
      const idleMs = settings.readIdleMs ?? READ_IDLE_MS;
      for (let attempt = 1; ; attempt += 1) {
        try {
          // The answer's head within idleMs too (s3rver may not answer at all while the object is rewritten).
          const abort = new AbortController();
          const timer = setTimeout(() => abort.abort(new StalledRead(key, idleMs)), idleMs);
          const res = await s3
            .send(new GetObjectCommand({ Bucket: bucket, Key: key }), { abortSignal: abort.signal })
            .catch((error: unknown) => {
              throw abort.signal.aborted ? new StalledRead(key, idleMs) : error;
            })
            .finally(() => clearTimeout(timer));
          // The Node runtime's SDK answers a body as a Node stream (an IncomingMessage).
          if (!(res.Body instanceof Readable)) throw new Error(`S3 answered no stream for ${key}`);
          return await bytesWithin(res.Body, key, idleMs);
        } catch (error) {
          if (!(error instanceof StalledRead) || attempt === 2) throw error;
        }
      }
    },
    async readStream(key, fromByte = 0, eTag) {
      const [s3, { GetObjectCommand }] = await Promise.all([client(), sdk()]);
      const res = await s3
        .send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ...(fromByte > 0 ? { Range: `bytes=${fromByte}-` } : {}),
            ...(eTag ? { IfMatch: quoted(eTag) } : {}),
          }),
        )
        .catch((error: unknown) => {
          throw errorHttpStatus(error) === 412 ? new FileChanged(key) : error;
        });
      // S3 refuses another ETag (412); the answer's own ETag is checked too, for stores that ignore If-Match.
      if (eTag && res.ETag && res.ETag !== quoted(eTag)) {
        if (res.Body instanceof Readable) res.Body.destroy();
        throw new FileChanged(key);
      }
      // The Node runtime's SDK answers a body as a Node stream (an IncomingMessage).
      if (!(res.Body instanceof Readable)) throw new Error(`S3 answered no stream for ${key}`);
      return res.Body;
    },
    async copy(fromKey, toKey) {
      const [s3, { CopyObjectCommand }] = await Promise.all([client(), sdk()]);
      await s3.send(
        new CopyObjectCommand({ Bucket: bucket, Key: toKey, CopySource: `${bucket}/${encodeURIComponent(fromKey).replace(/%2F/g, '/')}` }),
      );
    },
    async remove(key) {
      const [s3, { DeleteObjectCommand }] = await Promise.all([client(), sdk()]);
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
