import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { presignedPost } from './post-policy.ts';

const base = {
  bucket: 'portal-files',
  region: 'eu-central-1',
  key: 'workflow-requests/WR-1/s/i/u1',
  contentType: 'image/png',
  maxBytes: 1000,
  expiresInSeconds: 900,
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' },
  now: new Date('2026-11-25T04:48:00.123Z'),
};

describe('presignedPost (ADR 045)', () => {
  it('binds the key, the type, the size range and the expiry in the signed policy', () => {
    const form = presignedPost(base);
    expect(form.url).toBe('https://portal-files.s3.eu-central-1.amazonaws.com');
    expect(form.expiresAt).toBe('2026-11-25T05:03:00.123Z');
    const policy = JSON.parse(Buffer.from(form.fields.Policy!, 'base64').toString('utf8'));
    expect(policy).toEqual({
      expiration: '2026-11-25T05:03:00.123Z',
      conditions: [
        { bucket: 'portal-files' },
        ['content-length-range', 1, 1000],
        { key: base.key },
        { 'Content-Type': 'image/png' },
        { 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' },
        { 'X-Amz-Credential': 'AKIDEXAMPLE/20261125/eu-central-1/s3/aws4_request' },
        { 'X-Amz-Date': '20261125T044800Z' },
        { 'X-Amz-Security-Token': 'token' },
      ],
    });
    // Every signed field is sent, and nothing but them, the policy and the signature.
    expect(Object.keys(form.fields)).toEqual([
      'key',
      'Content-Type',
      'X-Amz-Algorithm',
      'X-Amz-Credential',
      'X-Amz-Date',
      'X-Amz-Security-Token',
      'Policy',
      'X-Amz-Signature',
    ]);
  });

  it('signs the policy with the SigV4 key of the date, region and s3', () => {
    const form = presignedPost(base);
    const h = (k: string | Buffer, d: string) => createHmac('sha256', k).update(d).digest();
    const key = h(h(h(h('AWS4secret', '20261125'), 'eu-central-1'), 's3'), 'aws4_request');
    expect(form.fields['X-Amz-Signature']).toBe(createHmac('sha256', key).update(form.fields.Policy!).digest('hex'));
  });

  it('uses a path-style URL for a custom endpoint (s3rver) and leaves the token out without one', () => {
    const form = presignedPost({
      ...base,
      endpoint: 'http://127.0.0.1:4902/',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    expect(form.url).toBe('http://127.0.0.1:4902/portal-files');
    expect(form.fields['X-Amz-Security-Token']).toBeUndefined();
  });
});
