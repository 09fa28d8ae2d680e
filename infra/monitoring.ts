import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { type StackContext, use } from 'sst/constructs';
import { IMPORT_WAIT_ALARM_MINUTES } from './import-settings.ts';
import { Jobs } from './jobs.ts';
import { Web } from './web.ts';

/**
 * Alarms on what must not happen unnoticed (ADR 023): the API answering 5xx (API Gateway's count covers the
 * app's own 500/503 answers, Lambda errors, timeouts and throttles alike), a failed report run waiting
 * in the scheduler DLQ, and imports refused or waiting too long (ADR 069). Both notify one topic; ALARM_EMAIL (stage environment) subscribes an address.
 */
export function Monitoring({ stack }: StackContext) {
  const { api } = use(Web);
  const { dlq, mailEventsDlq, importQueue, importDlq } = use(Jobs);

  const topic = new Topic(stack, 'Alarms', { enforceSSL: true });
  const email = process.env.ALARM_EMAIL;
  if (email) topic.addSubscription(new EmailSubscription(email));
  const notify = new SnsAction(topic);

  const api5xx = new Alarm(stack, 'Api5xxAlarm', {
    alarmDescription: 'The API answered 5xx: look for the requestId in the ApiHandler logs',
    metric: new Metric({
      namespace: 'AWS/ApiGateway',
      metricName: '5xx',
      dimensionsMap: { ApiId: api.httpApiId },
      statistic: 'Sum',
      period: Duration.minutes(5),
    }),
    threshold: 5,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });

  /** Any message waiting in a dead-letter queue is something that failed for good. */
  const waitingIn = (id: string, queue: IQueue, alarmDescription: string) =>
    new Alarm(stack, id, {
      alarmDescription,
      metric: queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: Duration.minutes(5) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  const dlqDepth = waitingIn('SchedulerDlqAlarm', dlq, 'A report run failed for good: its event waits in the scheduler DLQ');
  // SES's bounces and complaints whose recording kept failing (ADR 042 addendum): the run log misses them.
  const mailEventsDepth = waitingIn(
    'MailEventsDlqAlarm',
    mailEventsDlq,
    'A bounce or complaint of a report mail could not be recorded: it waits in the mail events DLQ',
  );

  // Imports (ADR 069): a file refused whole (poisoned) or failing for good waits in the DLQ; a file waiting
  // longer than IMPORT_WAIT_ALARM_MINUTES means the workers fall behind the deliveries (every 5 minutes).
  const importDlqDepth = waitingIn(
    'ImportDlqAlarm',
    importDlq,
    'An import file was refused or kept failing: see its import record, then re-drive',
  );
  const importAge = new Alarm(stack, 'ImportWaitAlarm', {
    alarmDescription: `An import file has waited more than ${IMPORT_WAIT_ALARM_MINUTES} minutes in the import queue`,
    metric: importQueue.metricApproximateAgeOfOldestMessage({ statistic: 'Maximum', period: Duration.minutes(5) }),
    threshold: IMPORT_WAIT_ALARM_MINUTES * 60,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });

  for (const alarm of [api5xx, dlqDepth, mailEventsDepth, importDlqDepth, importAge]) alarm.addAlarmAction(notify);
  return { topic };
}
