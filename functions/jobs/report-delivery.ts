import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { loadConfig } from '@portal/backend/config';
import { jobDepsFromConfig } from '@portal/backend/platform/jobs';
import { lazy } from '@portal/backend/platform';
import { parseReportDeliveryMessage, reportDeliveryFromConfig } from '@portal/backend/report';
import { mailLogoFromConfig } from './mail-logo.ts';

type Deliver = (jobId: string) => Promise<void>;

/**
 * The delivery queue's consumer (ADR 110): each message names a finished report job; its delivery (ADR 042)
 * sends what no run has claimed yet, paced to this consumer's share of SES's rate. A delivery that throws (still
 * throttled after its retries, the table unreachable) is reported as a batch item failure: only that message comes
 * back after the visibility timeout, then the DLQ after maxReceiveCount. A body that names no job is logged and dropped.
 */
export function reportDeliveryHandler(deliver: () => Promise<Deliver>, log: (message: string, fields: object) => void = console.error) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const { messageId, body } of event.Records ?? []) {
      const jobId = parseReportDeliveryMessage(body);
      if (!jobId) {
        log('[report delivery] not a delivery message, dropped', { messageId, body: body.slice(0, 500) });
        continue;
      }
      try {
        await (
          await deliver()
        )(jobId);
      } catch (error) {
        log('[report delivery] failed, the queue delivers it again', { messageId, jobId, error });
        batchItemFailures.push({ itemIdentifier: messageId });
      }
    }
    return { batchItemFailures };
  };
}

// Built on the first event from the table and the clock (ADR 059): a bad configuration fails it with the variable named.
const deliver = lazy(async (): Promise<Deliver> => {
  const config = loadConfig();
  const deps = jobDepsFromConfig(config);
  return reportDeliveryFromConfig(config, { ...deps, logoPng: mailLogoFromConfig(config, deps.db) });
});

export const handler = reportDeliveryHandler(deliver);
