import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore, type FileStore } from '../file-store.ts';
import { presignedPost } from '../post-policy.ts';
import { listKeys, S3_STAND_IN_CREDENTIALS, startS3StandIn } from './s3-stand-in.ts';

/**
 * The local S3 refuses what S3 refuses (ADR 050): a POST form whose key, size, Content-Type, bucket, expiry
 * or signature does not hold, a field the policy does not name, an unsigned or wrongly signed GET, an
 * expired presigned URL, a request signed with another secret. The application's own SDK calls and
 * presigned URLs keep working.
 */
const BUCKET = 'front-test';
const REGION = 'eu-central-1';
const KEY = 'workflow-uploads/pending/WR-1/up-1';
const credentials = {
  accessKeyId: S3_STAND_IN_CREDENTIALS.AWS_ACCESS_KEY_ID,
  secretAccessKey: S3_STAND_IN_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
};
let s3: Awaited<ReturnType<typeof startS3StandIn>>;
let files: FileStore;
let client: S3Client;
/** Sends each request once: the SDK's retries would hide a 500 by sending it again. */
let once: S3Client;

beforeAll(async () => {
  s3 = await startS3StandIn([BUCKET]);
  client = new S3Client({ region: REGION, endpoint: s3.endpoint, forcePathStyle: true, credentials });
  once = new S3Client({ region: REGION, endpoint: s3.endpoint, forcePathStyle: true, credentials, maxAttempts: 1 });
  files = createFileStore({ AWS_REGION: REGION, S3_ENDPOINT: s3.endpoint, bucket: BUCKET, client });
});
afterAll(async () => {
  client?.destroy();
  once?.destroy();
  await s3?.stop();
});

const form = (over: Partial<Parameters<typeof presignedPost>[0]> = {}) =>
  presignedPost({
    bucket: BUCKET,
    region: REGION,
    endpoint: s3.endpoint,
    key: KEY,
    contentType: 'image/png',
    maxBytes: 100,
    expiresInSeconds: 900,
    credentials,
    now: new Date(),
    ...over,
  });

async function post(url: string, fields: Record<string, string>, bytes: number | Buffer = 10) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', new Blob([typeof bytes === 'number' ? Buffer.alloc(bytes, 1) : bytes]), 'x.png');
  const res = await fetch(url, { method: 'POST', body });
  const text = await res.text();
  return {
    status: res.status,
    code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? null,
    message: /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? '',
  };
}

describe('browser POST uploads', () => {
  it('a form used as signed stores the file', async () => {
    const { url, fields } = form();
    expect(await post(url, fields, Buffer.from('hello'))).toMatchObject({ status: 204 });
    expect((await files.read(KEY)).toString()).toBe('hello');
  });

  it('forms and PUTs racing for one key all succeed, and the key holds one of them whole (S3: the last write wins)', async () => {
    const { url, fields } = form();
    const bodies = Array.from({ length: 12 }, (_, i) => `upload-${i}-`.repeat(5));
    const answers = await Promise.all([
      ...bodies.slice(0, 6).map((b) => post(url, fields, Buffer.from(b))),
      ...bodies.slice(6).map((b) => once.send(new PutObjectCommand({ Bucket: BUCKET, Key: KEY, Body: b })).then(() => ({ status: 204 }))),
    ]);
    expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 204));
    expect(bodies).toContain((await files.read(KEY)).toString());
  });

  it('writes and deletes racing in one folder all succeed, as on S3', async () => {
    const rejected: unknown[] = [];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => {
          const key = `race/folder/k-${i % 3}`;
          return [
            once.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'x'.repeat(1000 * i) })),
            once.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key })),
          ];
        }).flat(),
      );
      rejected.push(...answers.filter((a) => a.status === 'rejected'));
    }
    expect(rejected).toEqual([]);
  });

  it.each([
    [
      'another key',
      (f: Record<string, string>) => ({ ...f, key: 'workflow-requests/WR-1/docs/screens/up-1' }),
      403,
      'AccessDenied',
      /Condition failed.*\$key/,
    ],
    [
      'another Content-Type',
      (f: Record<string, string>) => ({ ...f, 'Content-Type': 'text/html' }),
      403,
      'AccessDenied',
      /Condition failed.*Content-Type/,
    ],
    [
      'a field the policy does not name',
      (f: Record<string, string>) => ({ ...f, 'Content-Disposition': 'inline' }),
      403,
      'AccessDenied',
      /Extra input fields: content-disposition/,
    ],
    [
      'a changed signature',
      (f: Record<string, string>) => ({ ...f, 'X-Amz-Signature': f['X-Amz-Signature']!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }),
      403,
      'SignatureDoesNotMatch',
      /signature/,
    ],
    [
      'a policy edited after signing (a larger range)',
      (f: Record<string, string>) => ({
        ...f,
        Policy: Buffer.from(Buffer.from(f.Policy!, 'base64').toString().replace('100]', '99999]')).toString('base64'),
      }),
      403,
      'SignatureDoesNotMatch',
      /signature/,
    ],
    [
      'an unknown access key',
      (f: Record<string, string>) => ({ ...f, 'X-Amz-Credential': f['X-Amz-Credential']!.replace('S3RVER', 'AKIAOTHER') }),
      403,
      'InvalidAccessKeyId',
      /Access Key/,
    ],
    ['no policy at all', (f: Record<string, string>) => ({ key: f.key! }), 403, 'AccessDenied', /Access Denied/],
  ])('refuses %s', async (_name, change, status, code, message) => {
    const { url, fields } = form({ key: `${KEY}-${code}-${status}-${_name.length}` });
    const res = await post(url, change({ ...fields, key: fields.key! }));
    expect(res).toMatchObject({ status, code });
    expect(res.message).toMatch(message);
  });

  it('refuses a file outside content-length-range: too large, empty', async () => {
    const { url, fields } = form({ key: `${KEY}-size` });
    expect(await post(url, fields, 101)).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(await post(url, fields, 0)).toMatchObject({ status: 400, code: 'EntityTooSmall' });
    expect(await post(url, fields, 100)).toMatchObject({ status: 204 });
  });

  it('refuses an expired form and one for another bucket', async () => {
    const expired = form({ key: `${KEY}-old`, now: new Date(Date.now() - 16 * 60 * 1000) });
    expect(await post(expired.url, expired.fields)).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: expect.stringMatching(/expired/),
    });
    const other = form({ key: `${KEY}-other`, bucket: 'another-bucket' });
    expect(await post(`${s3.endpoint}/${BUCKET}`, other.fields)).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: expect.stringMatching(/bucket/),
    });
    expect(await listKeys(s3.endpoint, BUCKET, `${KEY}-o`)).toEqual([]);
  });
});

describe('reading objects', () => {
  it('an unsigned GET and HEAD are refused; the presigned URL works; a changed or expired one is refused', async () => {
    await files.put('reports/a.csv', Buffer.from('a;b\n'), { contentType: 'text/csv', fileName: 'a.csv' });
    const plain = await fetch(`${s3.endpoint}/${BUCKET}/reports/a.csv`);
    expect(plain.status).toBe(403);
    expect(await plain.text()).toContain('<Code>AccessDenied</Code>');
    expect((await fetch(`${s3.endpoint}/${BUCKET}/reports/a.csv`, { method: 'HEAD' })).status).toBe(403);

    const url = await files.downloadUrl('reports/a.csv', 'Umsätze.csv', 300, 'text/csv');
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('a;b\n');
    expect(ok.headers.get('content-disposition')).toContain("filename*=UTF-8''Ums%C3%A4tze.csv");

    // Another key, or another disposition, under the same signature.
    expect((await fetch(url.replace('reports/a.csv', 'reports/b.csv'))).status).toBe(403);
    expect((await fetch(url.replace('response-content-disposition=', 'response-content-disposition=inline%3B'))).status).toBe(403);
    const expired = await getSignedUrl(client, new GetObjectCommand({ Bucket: BUCKET, Key: 'reports/a.csv' }), {
      expiresIn: 1,
      signingDate: new Date(Date.now() - 60_000),
    });
    const res = await fetch(expired);
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/Request has expired/);
  });

  it('an SDK call signed with another secret is refused; the right one goes through', async () => {
    const wrong = new S3Client({
      region: REGION,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { ...credentials, secretAccessKey: 'not-the-secret' },
      maxAttempts: 1,
    });
    await expect(wrong.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'x.txt', Body: 'x' }))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    wrong.destroy();
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'dir/ä b+c.txt', Body: 'x' }));
    expect((await files.read('dir/ä b+c.txt')).toString()).toBe('x');
    expect(await files.size('dir/nothing-here')).toBe(null);
    expect(await listKeys(s3.endpoint, BUCKET, 'dir/')).toEqual(['dir/ä b+c.txt']);
  });
});
