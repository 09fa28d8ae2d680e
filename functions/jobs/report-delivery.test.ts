import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { reportDeliveryMessage, reportJobsFromConfig } from '@portal/backend/report';
import { deliverReportJob, listDeliveries, reportDeliveryDeps } from '@portal/backend/report/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureImportQueues, sqsClient, startImportPoller, startLocalSqs } from '../../scripts/local/import-queue.ts';
import { startSesRateLimit } from '../../scripts/local/ses-local.ts';
import { putJobWithUploadedCsv, reportJobFixture } from '../../tests/support/report-job-fixtures.ts';
import { putMonthlyReportWithContacts } from '../../tests/support/rush-fixtures.ts';
import { importOk, s3Suite } from '../../tests/support/test-backend.ts';
import { reportDeliveryHandler } from './report-delivery.ts';

/**
 * The delivery queue's consumer (ADR 110) with the real delivery (ADR 042) against DynamoDB Local, s3rver and
 * the SES stand-in behind SES's sending rate (1 mail a second on a clock that stands still: the second mail is
 * throttled however often it is retried); the runner's hand-off through the SQS stand-in (fauxqs).
 */
const NOW = new Date('2026-12-01T00:05:00Z');
const BUCKET = 'report-delivery-queue-test';
const world = s3Suite(() => NOW, { REPORTS_BUCKET: BUCKET });
let ses: Awaited<ReturnType<typeof startSesRateLimit>>;
let clockMs = NOW.getTime();
const logged: string[] = [];
const log = (message: string) => void logged.push(message);

/** A report of a customer with one confirmed external contact, and its finished run with one CSV file in the bucket. */
async function finishedRun(customerId: string, email: string) {
  const processId = `gen.transactions.${customerId}`;
  await putMonthlyReportWithContacts(world.backend.db, { processId, customerId, timeZone: 'Europe/Berlin', emails: [email], at: NOW });
  const job = reportJobFixture(
    { jobId: `queue-job-${customerId}`, customerId, processId, options: { deliver: true, skipIfEmpty: false } },
    NOW,
  );
  expect(
    await putJobWithUploadedCsv(world.backend.db, world.files, job, { name: 'Transactions.csv', content: 'at,amount\n', at: NOW }),
  ).toBe(true);
  return job.jobId;
}

const event = (...records: { messageId: string; body: string }[]): SQSEvent =>
  ({ Records: records.map((r) => ({ ...r, receiptHandle: r.messageId })) }) as unknown as SQSEvent;

/** The consumer with the real delivery: SES through the rate limit; the retries' and the pacer's waits take no time. */
const consumer = () => {
  const config = { ...world.backend.config, SES_ENDPOINT: ses.endpoint };
  const deps = reportDeliveryDeps(config, { db: world.backend.db, now: () => NOW, files: world.files, sleep: async () => {} });
  return reportDeliveryHandler(async () => (jobId) => deliverReportJob(deps, jobId), log);
};
const sent = (email: string) => ses.accepted.get(email)?.length ?? 0;

beforeAll(async () => {
  ses = await startSesRateLimit({ target: process.env.SES_ENDPOINT ?? '', perSecond: 1, nowMs: () => clockMs });
  const { backend } = await world.start();
  await importOk(backend, 'retailers', [
    { customerId: 'R-Q1', name: 'Quebec' },
    { customerId: 'R-Q2', name: 'Romeo' },
    { customerId: 'R-Q3', name: 'Sierra' },
  ]);
}, 120_000);
afterAll(async () => {
  await ses?.stop();
});

describe('report delivery consumer', () => {
  it('reports only the throttled job as a batch item failure; it alone comes back and is sent once, a duplicate sends nothing', async () => {
    const first = await finishedRun('R-Q1', 'first@customers.example');
    const throttled = await finishedRun('R-Q2', 'throttled@customers.example');
    const handle = consumer();

    const answer = await handle(
      event(
        { messageId: 'm-first', body: reportDeliveryMessage(first) },
        { messageId: 'm-throttled', body: reportDeliveryMessage(throttled) },
        { messageId: 'm-junk', body: '{"job":1}' },
      ),
    );
    // The second mail met the rate in the same second on every attempt: its delivery threw, the others are done.
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'm-throttled' }]);
    expect([sent('first@customers.example'), sent('throttled@customers.example')]).toEqual([1, 0]);
    expect((await listDeliveries(world.backend.db, throttled)).map((d) => [d.status, d.reasonCode])).toEqual([['failed', 'throttled']]);
    expect(logged).toEqual(['[report delivery] failed, the queue delivers it again', '[report delivery] not a delivery message, dropped']);

    // After the visibility timeout (the next second): the failed message alone, and a duplicate of the first (at least once).
    clockMs += 1_000;
    const again = await handle(
      event(
        { messageId: 'm-throttled', body: reportDeliveryMessage(throttled) },
        { messageId: 'm-first-2', body: reportDeliveryMessage(first) },
      ),
    );
    expect(again.batchItemFailures).toEqual([]);
    expect([sent('first@customers.example'), sent('throttled@customers.example')]).toEqual([1, 1]);
  });

  it("is what the runner's hand-off reaches when REPORT_DELIVERY_QUEUE_URL is set: one message, no mail from the runner", async () => {
    const sqs = await startLocalSqs({ port: 0 });
    try {
      const client = sqsClient(sqs.endpoint);
      const { queueUrl } = await ensureImportQueues(client, 'report-delivery-test');
      const config = {
        ...world.backend.config,
        SES_ENDPOINT: ses.endpoint,
        SQS_ENDPOINT: sqs.endpoint,
        REPORT_DELIVERY_QUEUE_URL: queueUrl,
      };
      const jobId = await finishedRun('R-Q3', 'queued@customers.example');
      // A finished job run again (a duplicate fire, ADR 041) hands only its delivery off: here, to the queue.
      await reportJobsFromConfig(config, { db: world.backend.db, now: () => NOW, files: world.files, rateLimiter: null }).run({
        kind: 'report-job',
        jobId,
      });
      expect(sent('queued@customers.example')).toBe(0);

      // Lambda's SQS event source on the stand-in takes the message to the consumer.
      clockMs += 1_000;
      const handle = consumer();
      const received: { event: SQSEvent; answer: SQSBatchResponse }[] = [];
      let taken: () => void = () => {};
      const once = new Promise<void>((resolve) => {
        taken = resolve;
      });
      const poller = startImportPoller(client, queueUrl, async (event) => {
        const answer = await handle(event);
        received.push({ event, answer });
        taken();
        return answer;
      });
      await once;
      await poller.stop();
      expect(received.map((r) => [r.event.Records.map((m) => m.body), r.answer.batchItemFailures])).toEqual([
        [[reportDeliveryMessage(jobId)], []],
      ]);
      expect(sent('queued@customers.example')).toBe(1);
    } finally {
      await sqs.stop();
    }
  });
});
