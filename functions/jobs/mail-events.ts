import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { loadConfig } from '@portal/backend/config';
import { jobDepsFromConfig } from '@portal/backend/platform/jobs';
import { lazy } from '@portal/backend/platform';
import { type MailEventDeps, recordMailEvent } from '@portal/backend/report';

/**
 * SES's bounces and complaints of report mails (ADR 042 addendum): the SQS queue subscribed to the
 * configuration set's SNS topic (raw message delivery: each body is SES's event JSON) feeds this function.
 * Each message is recorded on its own; one whose recording threw (the table unreachable) is reported as a
 * batch item failure, so only it comes back (then the DLQ after maxReceiveCount). A malformed body or an
 * unknown mail does not throw: recordMailEvent logs and drops it.
 */
export function mailEventsHandler(deps: () => Promise<MailEventDeps>) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records ?? []) {
      try {
        await recordMailEvent(await deps(), record.body);
      } catch (error) {
        console.error('[mail events] failed, the queue delivers it again', { messageId: record.messageId, error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

// Built on the first event from the table and the clock only (ADR 059): a bad configuration fails it with
// the variable named.
const deps = lazy(async (): Promise<MailEventDeps> => jobDepsFromConfig(loadConfig()));

export const handler = mailEventsHandler(deps);
