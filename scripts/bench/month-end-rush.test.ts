import { describe, expect, it } from 'vitest';
import { S3_STAND_IN_CREDENTIALS, startS3StandIn } from '@portal/backend/platform/files/test';
import { runMonthEndRush } from './month-end-rush.ts';

/**
 * The end-of-month rush at a small size (ADR 094): the real runner and delivery on DynamoDB Local, SES's
 * sending rate on the virtual clock. A tight rate (2/s), two paced senders and unpaced API mails make SES
 * throttle; the queue delivers some messages twice. Every mail goes out once: 0 lost, 0 duplicated.
 */
describe('month-end rush simulation', () => {
  it('paces the 1st of the month to the send rate: throttles absorbed, nothing lost, nothing sent twice', async () => {
    const s3 = await startS3StandIn(['rush-test']);
    Object.assign(process.env, S3_STAND_IN_CREDENTIALS);
    try {
      const result = await runMonthEndRush({
        reports: 12,
        recipients: 2,
        sesRate: 2,
        senders: 2,
        runners: 4,
        runSeconds: 5,
        sesLatencyMs: 80,
        apiMailsPerMinute: 30,
        duplicateEvery: 4,
        visibilityMs: 30_000,
        dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT ?? '',
        sesEndpoint: process.env.SES_ENDPOINT ?? '',
        s3Endpoint: s3.endpoint,
        bucket: 'rush-test',
      });
      expect(result).toMatchObject({ mailsExpected: 24, mailsSent: 24, lost: 0, duplicates: 0 });
      expect(result.throttles).toBeGreaterThan(0);
      expect(result.duplicateMessages).toBeGreaterThan(0);
      // Paced: the report mails never pass the rate in any second.
      expect(result.peakMailsPerSecond).toBeLessThanOrEqual(2);
    } finally {
      await s3.stop();
    }
  }, 120_000);
});
