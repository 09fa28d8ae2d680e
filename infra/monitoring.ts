import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { type StackContext, use } from 'sst/constructs';
import { Jobs } from './jobs.ts';
import { Web } from './web.ts';

/**
 * Alarms on what must not happen unnoticed (ADR 023): the API answering 5xx (API Gateway's count covers the
 * app's own 500/503 answers, Lambda errors, timeouts and throttles alike) and a failed report run waiting
 * in the scheduler DLQ. Both notify one topic; ALARM_EMAIL (stage environment) subscribes an address.
 */
export function Monitoring({ stack }: StackContext) {
  const { api } = use(Web);
  const { dlq, mailEventsDlq } = use(Jobs);

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

  for (const alarm of [api5xx, dlqDepth, mailEventsDepth]) alarm.addAlarmAction(notify);
  return { topic };
}
