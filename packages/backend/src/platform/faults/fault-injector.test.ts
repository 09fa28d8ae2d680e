import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentMails } from '../../../../../tests/support/mailbox.ts';
import { freePort } from '../../../../../scripts/local/ports.ts';
import { unavailableErrorOf } from '../../errors.ts';
import { createDb } from '../db/client.ts';
import { ensureTable } from '../db/table.ts';
import { createMailer } from '../mail/mailer.ts';
import { createFaultInjector, type FaultPlan, seededRandom } from './fault-injector.ts';

/**
 * The fault injector on the three AWS clients against their stand-ins (DynamoDB Local, the SES
 * stand-in, S3rver): each fault arrives as the SDK's own exception of that service, maps to 503
 * SERVER.UNAVAILABLE, and a fault `after` the request leaves the change applied (ADR 025).
 */
const region = 'eu-central-1';
let s3rver: S3rver;
let s3Endpoint = '';

beforeAll(async () => {
  const port = await freePort();
  s3rver = new S3rver({ port, address: '127.0.0.1', directory: mkdtempSync(join(tmpdir(), 'faults-s3-')), silent: true });
  await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(() => s3rver.close());

const always = (over: Partial<FaultPlan>): FaultPlan => ({ rate: 1, seed: 1, persistent: 1, ...over });

async function caught(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return error as Error & { $metadata?: { httpStatusCode?: number; attempts?: number } };
  }
  throw new Error('no fault');
}

describe('fault injector', () => {
  it('draws the same decisions from the same seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
  });

  it('DynamoDB: throttling arrives as the SDK exception after its retries, and maps to 503', async () => {
    const faults = createFaultInjector(always({ kinds: ['throttle'] }));
    const db = createDb(
      { AWS_REGION: region, DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT, TABLE_NAME: `faults-${randomUUID()}` },
      faults,
    );
    const error = await caught(() => db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: 'a', sk: 'b' } })));
    expect(['ThrottlingException', 'ProvisionedThroughputExceededException']).toContain(error.name);
    expect(error.$metadata?.httpStatusCode).toBe(400);
    expect(error.$metadata?.attempts).toBeGreaterThan(1);
    expect(unavailableErrorOf(error)).toMatchObject({ kind: 'unavailable', code: 'SERVER.UNAVAILABLE', details: { retryAfterSeconds: 1 } });
  });

  it('DynamoDB: a 5xx after the write was applied leaves the item written; a fault once is healed by the SDK', async () => {
    const clean = createDb({ AWS_REGION: region, DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT, TABLE_NAME: `faults-${randomUUID()}` });
    await ensureTable(clean.raw, clean.table);
    const faults = createFaultInjector(always({ kinds: ['server'], phases: ['after'] }));
    const db = createDb({ AWS_REGION: region, DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT, TABLE_NAME: clean.table }, faults);
    const error = await caught(() => db.doc.send(new PutCommand({ TableName: db.table, Item: { pk: 'p', sk: 's', n: 1 } })));
    expect(['InternalServerError', 'ServiceUnavailable']).toContain(error.name);
    expect(unavailableErrorOf(error)?.code).toBe('SERVER.UNAVAILABLE');
    expect((await clean.doc.send(new GetCommand({ TableName: clean.table, Key: { pk: 'p', sk: 's' } }))).Item).toMatchObject({ n: 1 });
    expect(faults.stats.appliedThenLost).toBe(error.$metadata?.attempts);
    const attempts = faults.stats.attempts;

    faults.plan.persistent = 0;
    await db.doc.send(new PutCommand({ TableName: db.table, Item: { pk: 'p', sk: 's', n: 2 } }));
    expect(faults.stats.attempts).toBe(attempts + 1);
  });

  it('S3: SlowDown and 5xx arrive as the S3 exceptions; a timeout as TimeoutError; all map to 503', async () => {
    const s3 = new S3Client({
      region,
      endpoint: s3Endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3.send(new CreateBucketCommand({ Bucket: 'faults' }));
    const faults = createFaultInjector(always({ kinds: ['throttle'] }));
    faults.install(s3, 's3');
    const slow = await caught(() => s3.send(new GetObjectCommand({ Bucket: 'faults', Key: 'x' })));
    expect(slow.name).toBe('SlowDown');
    expect(unavailableErrorOf(slow)?.code).toBe('SERVER.UNAVAILABLE');
    faults.plan.kinds = ['server'];
    faults.plan.phases = ['after'];
    const lost = await caught(() => s3.send(new PutObjectCommand({ Bucket: 'faults', Key: 'applied', Body: 'x' })));
    expect(['InternalError', 'ServiceUnavailable']).toContain(lost.name);
    faults.plan.kinds = ['timeout'];
    const timeout = await caught(() => s3.send(new GetObjectCommand({ Bucket: 'faults', Key: 'applied' })));
    expect(timeout.name).toBe('TimeoutError');
    expect(unavailableErrorOf(timeout)?.code).toBe('SERVER.UNAVAILABLE');
    faults.plan.rate = 0;
    const object = await s3.send(new GetObjectCommand({ Bucket: 'faults', Key: 'applied' }));
    expect(await object.Body?.transformToString()).toBe('x');
  });

  it('SES: the mailer retries throttling only; a 5xx after sending is not resent (one mail), and maps to 503', async () => {
    const to = `faults-${randomUUID()}@example.com`;
    const faults = createFaultInjector(always({ kinds: ['server'], phases: ['after'] }));
    const mailer = createMailer({ AWS_REGION: region, SES_ENDPOINT: process.env.SES_ENDPOINT, MAIL_FROM: 'portal@example.com' }, faults);
    const error = await caught(() => mailer.send({ to, subject: 'once', text: 'once' }));
    expect(['InternalFailure', 'ServiceUnavailable']).toContain(error.name);
    expect(unavailableErrorOf(error)?.code).toBe('SERVER.UNAVAILABLE');
    expect(await sentMails(to)).toHaveLength(1);

    faults.plan.kinds = ['throttle'];
    faults.plan.persistent = 0;
    await mailer.send({ to, subject: 'after a throttle', text: 'sent once' });
    expect((await sentMails(to)).map((m) => m.subject)).toEqual(['once', 'after a throttle']);
  });
});
