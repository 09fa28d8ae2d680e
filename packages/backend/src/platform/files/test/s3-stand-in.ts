import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { startLocalS3 } from './s3-verifying-front.ts';

/** The local S3 accepts only these (local-env.ts sets them for `npm start`); DynamoDB Local takes any. */
export const S3_STAND_IN_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * The local S3 (s3rver behind its verifying front, ADR 050) on a free loopback port with a fresh folder and
 * the named buckets, for tests and benches (the same stand-in `npm start` runs, scripts/local/runtime.ts); `onEvent`
 * receives its S3-notification-shaped events.
 * `stop()` closes it and removes the folder.
 */
export async function startS3StandIn(
  buckets: string[],
  options: Pick<Parameters<typeof startLocalS3>[0], 'onEvent'> = {},
): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 's3-stand-in-'));
  const server = await startLocalS3({ port: 0, directory, ...options });
  const endpoint = server.endpoint;
  const s3 = new S3Client({
    region: 'eu-central-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_STAND_IN_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3_STAND_IN_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  for (const Bucket of buckets) await s3.send(new CreateBucketCommand({ Bucket }));
  s3.destroy();
  return {
    endpoint,
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Every key under `prefix` in a stand-in bucket (tests asserting what was kept: ADR 045's refused uploads). */
export async function listKeys(endpoint: string, bucket: string, prefix: string): Promise<string[]> {
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({
    region: 'eu-central-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_STAND_IN_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3_STAND_IN_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  try {
    return ((await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);
  } finally {
    s3.destroy();
  }
}
