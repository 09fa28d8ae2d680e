import { createHmac } from 'node:crypto';

/** What a browser sends with the file in a presigned POST: the form fields, in order, before `file`. */
export type UploadForm = { url: string; fields: Record<string, string>; expiresAt: string };
export type PostCredentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined };

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** The SigV4 signature of a base64 POST policy (AWS: "Calculating a signature" for browser-based POST uploads). */
export function signPostPolicy(policyBase64: string, secretAccessKey: string, shortDate: string, region: string): string {
  const signingKey = ['s3', 'aws4_request'].reduce((key, part) => hmac(key, part), hmac(hmac(`AWS4${secretAccessKey}`, shortDate), region));
  return createHmac('sha256', signingKey).update(policyBase64, 'utf8').digest('hex');
}

/**
 * A presigned POST (S3 browser-based upload) for one key: S3 refuses the upload unless it is exactly that
 * key, that Content-Type and a size within [1, maxBytes], before `expiresAt`. Written here rather than
 * with @aws-sdk/s3-presigned-post, which pins its own copy of the S3 client (ADR 045).
 */
export function presignedPost(input: {
  bucket: string;
  region: string;
  /** A custom endpoint (the local s3rver): path-style URL; else the bucket's regional virtual-host URL. */
  endpoint?: string | undefined;
  key: string;
  contentType: string;
  maxBytes: number;
  expiresInSeconds: number;
  credentials: PostCredentials;
  now: Date;
}): UploadForm {
  const iso = input.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, ''); // 20261125T044800Z
  const shortDate = iso.slice(0, 8);
  const credential = `${input.credentials.accessKeyId}/${shortDate}/${input.region}/s3/aws4_request`;
  const expiresAt = new Date(input.now.getTime() + input.expiresInSeconds * 1000).toISOString();
  const token: Record<string, string> = input.credentials.sessionToken ? { 'X-Amz-Security-Token': input.credentials.sessionToken } : {};
  const signed: Record<string, string> = {
    key: input.key,
    'Content-Type': input.contentType,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': credential,
    'X-Amz-Date': iso,
    ...token,
  };
  const policy = {
    expiration: expiresAt,
    conditions: [
      { bucket: input.bucket },
      ['content-length-range', 1, input.maxBytes],
      ...Object.entries(signed).map(([k, v]) => ({ [k]: v })),
    ],
  };
  const Policy = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  const url = input.endpoint
    ? `${input.endpoint.replace(/\/$/, '')}/${input.bucket}`
    : `https://${input.bucket}.s3.${input.region}.amazonaws.com`;
  return {
    url,
    fields: { ...signed, Policy, 'X-Amz-Signature': signPostPolicy(Policy, input.credentials.secretAccessKey, shortDate, input.region) },
    expiresAt,
  };
}
