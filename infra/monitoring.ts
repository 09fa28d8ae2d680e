import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmStatusWidget,
  AlarmWidget,
  ComparisonOperator,
  Dashboard,
  type IMetric,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IConstruct } from 'constructs';
import { Function as SstFunction, type StackContext, use } from 'sst/constructs';
import { Api } from './api.ts';
import { REPORT_METRICS_NAMESPACE } from '@portal/backend/report';
import { IMPORT_WAIT_ALARM_MINUTES } from './import-settings.ts';
import { Jobs, REPORT_DELIVERY_WAIT_ALARM_MINUTES } from './jobs.ts';
import { Storage } from './storage.ts';
import { Web } from './web.ts';

/**
 * Alarms on what must not happen unnoticed (ADR 023): the API answering 5xx (API Gateway's count covers the
 * app's own 500/503 answers, Lambda errors, timeouts and throttles alike), a failed report run waiting
 * in the scheduler DLQ, and imports refused or waiting too long (ADR 069). Both notify one topic; ALARM_EMAIL (stage environment) subscribes an address.
 */
export function Monitoring({ stack, app }: StackContext) {
  const { api } = use(Web);
  const { dlq, mailEventsDlq, importQueue, importDlq, runner, reportDeliveryQueue, reportDeliveryDlq } = use(Jobs);
  const { handler } = use(Api);
  const { table } = use(Storage);

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

  // The delivery queue (ADR 110): a job whose delivery kept failing waits in its DLQ; a message waiting longer
  // than the rush's stated drain means the consumers fall behind SES's rate.
  const reportDeliveryDlqDepth = waitingIn(
    'ReportDeliveryDlqAlarm',
    reportDeliveryDlq,
    "A report job's delivery kept failing: its message waits in the report delivery DLQ (its deliveries show why)",
  );
  const reportDeliveryAge = new Alarm(stack, 'ReportDeliveryWaitAlarm', {
    alarmDescription: `A finished report has waited more than ${REPORT_DELIVERY_WAIT_ALARM_MINUTES} minutes for its delivery`,
    metric: reportDeliveryQueue.metricApproximateAgeOfOldestMessage({ statistic: 'Maximum', period: Duration.minutes(5) }),
    threshold: REPORT_DELIVERY_WAIT_ALARM_MINUTES * 60,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });

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

  const alarms = [
    api5xx,
    dlqDepth,
    mailEventsDepth,
    reportDeliveryDlqDepth,
    reportDeliveryAge,
    importDlqDepth,
    importAge,
    ...operationsAlarms(stack, {
      stage: app.stage,
      apiId: api.httpApiId,
      functions: [handler, ...functionsOf(runner.stack)],
      table: table.cdk.table,
    }),
  ];
  for (const alarm of alarms) alarm.addAlarmAction(notify);

  // One dashboard per stage: every alarm's state, then each alarm's metric against its threshold.
  const dashboard = new Dashboard(stack, 'Dashboard', { dashboardName: app.logicalPrefixedName('operations') });
  dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms, width: 24 }));
  dashboard.addWidgets(...alarms.map((alarm) => new AlarmWidget({ alarm, title: alarm.node.id.replace(/Alarm$/, ''), width: 8 })));
  return { topic, alarms, dashboard };
}

/** The app's own functions of a stack (SST Functions: not the custom resource handlers CDK and SST add). */
const functionsOf = (stack: IConstruct) => stack.node.findAll().filter((c): c is SstFunction => c instanceof SstFunction);

/** The operations the app's grants allow (storage.ts) and the migrations' Scan: an alarm takes at most 10 metrics. */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
  Operation.TRANSACT_GET_ITEMS,
  Operation.SCAN,
];

/** API p99 above this for 15 minutes: a request path has slowed far beyond its measured budget (ADR 038). */
export const API_P99_ALARM_MS = 3000;
/** SES reviews an account from 5 % bounces and 0.1 % complaints and may pause sending beyond: alarm at less than half. */
export const SES_BOUNCE_RATE_ALARM = 0.02;
export const SES_COMPLAINT_RATE_ALARM = 0.0005;

/**
 * What an operator must hear of before a user does (ADR 093): a slow API, a function failing or throttled, the
 * table throttling or failing, the account's mail reputation near SES's limits, schedules that Scheduler could
 * not deliver.
 */
function operationsAlarms(
  stack: StackContext['stack'],
  { stage, apiId, functions, table }: { stage: string; apiId: string; functions: SstFunction[]; table: ITable },
) {
  const fiveMinutes = Duration.minutes(5);
  const atLeast = (id: string, alarmDescription: string, metric: IMetric, threshold: number, evaluationPeriods = 1) =>
    new Alarm(stack, id, {
      alarmDescription,
      metric,
      threshold,
      evaluationPeriods,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

  const apiLatency = atLeast(
    'ApiLatencyP99Alarm',
    `The API's p99 latency stayed at or above ${API_P99_ALARM_MS} ms for 15 minutes`,
    new Metric({
      namespace: 'AWS/ApiGateway',
      metricName: 'Latency',
      dimensionsMap: { ApiId: apiId },
      statistic: 'p99',
      period: fiveMinutes,
    }),
    API_P99_ALARM_MS,
    3,
  );

  // Per function: an error is a crash or a timeout (the API answers its own failures as 5xx). A throttle of the
  // report runner, whose concurrency prod reserves (ADR 077), is expected on the 1st: alarm when it lasts 30 minutes.
  const perFunction = functions.flatMap((fn) => {
    const name = fn.node.id;
    const reserved = name === 'ReportRunner';
    return [
      atLeast(
        `${name}ErrorsAlarm`,
        `${name} failed (error or timeout): see its log group`,
        fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' }),
        1,
      ),
      atLeast(
        `${name}ThrottlesAlarm`,
        reserved
          ? `${name} was throttled for 30 minutes: its events wait in Lambda's queue`
          : `${name} was throttled: the account's concurrency is used up`,
        fn.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }),
        1,
        reserved ? 6 : 1,
      ),
    ];
  });

  const tableThrottles = atLeast(
    'TableThrottlesAlarm',
    'The table throttled requests: a key hotter than its partition allows (ADR 065, ADR 077)',
    table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period: fiveMinutes }),
    1,
  );
  const tableErrors = atLeast(
    'TableSystemErrorsAlarm',
    'DynamoDB answered requests on the table with system errors (HTTP 500)',
    table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period: fiveMinutes }),
    1,
  );

  // The account's reputation (no dimensions): SES publishes it as a rate between 0 and 1.
  const reputation = (metricName: string) =>
    new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
  const bounceRate = atLeast(
    'SesBounceRateAlarm',
    `The account's bounce rate reached ${SES_BOUNCE_RATE_ALARM * 100} %: clean the mailing lists before SES pauses sending`,
    reputation('Reputation.BounceRate'),
    SES_BOUNCE_RATE_ALARM,
  );
  const complaintRate = atLeast(
    'SesComplaintRateAlarm',
    `The account's complaint rate reached ${SES_COMPLAINT_RATE_ALARM * 100} %: find the report mails marked as spam`,
    reputation('Reputation.ComplaintRate'),
    SES_COMPLAINT_RATE_ALARM,
  );

  // Scheduler's own counts over the account: a report schedule or a sweep whose target failed or whose event was dropped.
  const scheduler = (metricName: string) => new Metric({ namespace: 'AWS/Scheduler', metricName, statistic: 'Sum', period: fiveMinutes });
  const schedulerErrors = atLeast(
    'SchedulerTargetErrorsAlarm',
    'Scheduler could not invoke the report runner (a report schedule or a sweep): see the scheduler DLQ',
    scheduler('TargetErrorCount'),
    1,
  );
  const schedulerDropped = atLeast(
    'SchedulerDroppedAlarm',
    'Scheduler dropped a fire after its retries, without a dead-letter queue to keep it (the sweeps come again)',
    scheduler('InvocationDroppedCount'),
    1,
  );

  // Report run parts that outlived their slot's lease without finishing (swept and queued again, ADR 077): the
  // report runner's slots sweep counts them (an EMF log line, report-jobs-from-config.ts).
  const overdueParts = atLeast(
    'ReportPartsOverdueAlarm',
    'A report run part outlived its slot without finishing and was queued again: see the ReportRunner logs',
    new Metric({
      namespace: REPORT_METRICS_NAMESPACE,
      metricName: 'OverdueReportParts',
      dimensionsMap: { Stage: stage },
      statistic: 'Sum',
      period: fiveMinutes,
    }),
    1,
  );

  return [
    apiLatency,
    ...perFunction,
    tableThrottles,
    tableErrors,
    bounceRate,
    complaintRate,
    schedulerErrors,
    schedulerDropped,
    overdueParts,
  ];
}
