import * as z from '@portal/core/zod';
import type { Config } from '../../config.ts';
import { createSqsQueue } from '../../platform/queue/sqs-queue.ts';

/**
 * The delivery queue between "report file ready" and "mail sent" (ADR 110): the runner's hand-off puts one
 * message per finished job; the consumer (functions/jobs/report-delivery.ts) runs the delivery, REPORT_MAIL_SENDERS
 * at once, each paced to its share of SES's rate. At least once: a message delivered twice finds ADR 042's claims.
 */
const DeliveryMessage = z.object({ jobId: z.string().check(z.minLength(1), z.maxLength(300)) });

export const reportDeliveryMessage = (jobId: string): string => JSON.stringify({ jobId });

/** The job id a message names, or null when its body is not a delivery message (the consumer drops it). */
export function parseReportDeliveryMessage(body: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = DeliveryMessage.safeParse(json);
  return parsed.success ? parsed.data.jobId : null;
}

/** The runner's hand-off on AWS: the job onto the delivery queue (a failed send fails the run: Lambda retries it). */
export function queuedDelivery(config: Pick<Config, 'AWS_REGION' | 'SQS_ENDPOINT'>, queueUrl: string): (jobId: string) => Promise<void> {
  const queue = createSqsQueue({ AWS_REGION: config.AWS_REGION, SQS_ENDPOINT: config.SQS_ENDPOINT, queueUrl });
  return (jobId) => queue.send(reportDeliveryMessage(jobId));
}
