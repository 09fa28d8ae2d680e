import { Duration, SecretValue } from 'aws-cdk-lib';
import { type IGrantable, Policy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnSchedule, CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { REPORT_MAIL_SENDERS, REPORT_RUNNER_CONCURRENCY } from '@portal/backend/report';
import { SWEEP_MINUTES } from '@portal/backend/platform/scheduler';
import { Function as SstFunction, type StackContext, use } from 'sst/constructs';
import { Email } from './email.ts';
import { EXPORT_NODE_OPTIONS } from './export-runtime.ts';
import { importWorker } from './imports.ts';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { deadLetterQueue, workQueue } from './queues.ts';
import { reportsSftp } from './sftp.ts';
import { Storage } from './storage.ts';
import { Web } from './web.ts';

/**
 * Signs the report mails' unsubscribe and download links (ADR 042): generated once per stage, the template
 * holds a dynamic reference, never the value. Named (like web.ts's origin secret): the Api stack resolves it by name.
 */
function reportLinkKeySecret(stack: StackContext['stack'], app: StackContext['app']) {
  const reportLinkKeyName = app.logicalPrefixedName('report-link-key');
  const reportLinkKey = new Secret(stack, 'ReportLinkKey', {
    secretName: reportLinkKeyName,
    description: `Signs the report mails' links (${app.stage})`,
    generateSecretString: { excludePunctuation: true, passwordLength: 48 },
  });
  return { reportLinkKeyName, reportLinkKey };
}

type Stack = StackContext['stack'];
type App = StackContext['app'];
type JobsEnvironment = ReturnType<typeof jobsEnvironment>;

/** The variables every Lambda of the app gets (the backend's config requires all of them at start-up). */
function jobsEnvironment(app: App, reportLinkKeyName: string) {
  const { table, files, reports } = use(Storage);
  const { mailFrom, configurationSetName } = use(Email);
  const { siteUrl } = use(Web);
  return {
    REPORT_LINK_KEY: SecretValue.secretsManager(reportLinkKeyName).unsafeUnwrap(),
    STAGE: app.stage,
    TABLE_NAME: table.tableName,
    FILES_BUCKET: files.bucketName,
    REPORTS_BUCKET: reports.bucketName,
    MAIL_FROM: mailFrom,
    // Report mails name it, so SES publishes their later bounces and complaints (ADR 042 addendum).
    SES_CONFIGURATION_SET: configurationSetName,
    // The account's SES sending rate, a stage setting (.env.<stage>; AWS's default for a new account is 14/s): ADR 094.
    SES_SEND_RATE: process.env.SES_SEND_RATE ?? '14',
    APP_URL: siteUrl,
    SCHEDULER_MODE: 'aws',
  };
}

/**
 * What a function that copies report files over SFTP (ADR 039) is bundled and started with: ssh2's optional native
 * add-ons stay out of the bundle (it falls back to pure JS); sharp stays out too, the report mails only read the
 * customer's re-encoded logo (ADR 084); the SFTP key is a bound secret.
 */
const copiesBySftp = (sftp: ReturnType<typeof reportsSftp>) => ({
  nodejs: { esbuild: { external: ['cpu-features', '*.node', 'sharp'] } },
  bind: sftp.bind,
  prefetchSecrets: sftp.bind.length > 0,
});

/**
 * What the report runner and the delivery consumer both reach: the table, the reports bucket's reports/ prefix (the
 * runner writes its files there, ADR 041; the consumer reads them as attachments), the customer's logo for the mails
 * (ADR 084, read only), and the link key, whose name their env carries (created first). sftp/ is reached over SFTP.
 */
function grantReportWork(fn: SstFunction, reportLinkKey: Secret, reportFiles: 'readWrite' | 'read') {
  const { reports, files, grantData } = use(Storage);
  grantData(fn); // report data in, job status, delivery claims and outcomes, the mail budget out
  if (reportFiles === 'readWrite') reports.cdk.bucket.grantReadWrite(fn, 'reports/*');
  else reports.cdk.bucket.grantRead(fn, 'reports/*');
  files.cdk.bucket.grantRead(fn, 'logos/*');
  fn.node.addDependency(reportLinkKey);
}

/**
 * The report runner and where its failed runs end. Its own ARN and the scheduler role (whose policy names
 * this function) stay out of its env: a cycle.
 */
function reportRunner(
  stack: Stack,
  environment: JobsEnvironment,
  sftp: ReturnType<typeof reportsSftp>,
  reportLinkKey: Secret,
  deliveryQueue: Queue,
) {
  const runner = new SstFunction(stack, 'ReportRunner', {
    handler: 'functions/jobs/report-runner.handler',
    // A report run streams like an export (ADR 041 on ADR 033): the same memory, V8 ceiling and 15 minutes;
    // a period too large for one run is fanned out into parts, each its own invocation of this function.
    memorySize: '512 MB',
    timeout: '15 minutes',
    // The 1st of the month's reads within the table's warm throughput (ADR 077); prod only: a new account's
    // concurrency is too small to reserve from. Throttled async events wait in Lambda's queue (6 hours).
    ...(stack.stage === 'prod' ? { reservedConcurrentExecutions: REPORT_RUNNER_CONCURRENCY } : {}),
    // Its hand-off to the delivery is a message to the delivery queue (ADR 110).
    environment: {
      ...environment,
      ...sftp.environment,
      NODE_OPTIONS: EXPORT_NODE_OPTIONS,
      REPORT_DELIVERY_QUEUE_URL: deliveryQueue.queueUrl,
    },
    ...copiesBySftp(sftp),
    // A stack-owned log group: bounded retention, and removed with a non-prod stage.
    logGroup: new LogGroup(stack, 'ReportRunnerLogs', { retention: RetentionDays.THREE_MONTHS }),
  });
  grantReportWork(runner, reportLinkKey, 'readWrite');
  deliveryQueue.grantSendMessages(runner);
  // The parts of a fanned-out run are invocations of this function: a policy of its own, not the role's
  // default policy, which the function depends on (naming the function there would be a cycle).
  new Policy(stack, 'ReportRunnerInvokesParts', {
    statements: [new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [runner.functionArn] })],
  }).attachToRole(runner.role!);
  // No SES: its mails are the delivery consumer's (ADR 110).

  // Where failed report runs end: Scheduler puts events it could not deliver here, and Lambda (which
  // Scheduler invokes asynchronously) puts runs whose handler still failed after its own retries.
  const dlq = deadLetterQueue(stack, 'SchedulerDlq');
  runner.configureAsyncInvoke({ retryAttempts: 2, onFailure: new SqsDestination(dlq) });
  return { runner, dlq };
}

/**
 * The delivery consumer's batch and timeout: a job's mails at the consumer's share (14 × 0.9 / 2 = 6.3/s, ADR 094), a
 * batch of 5 jobs of the largest list (1,000 recipients, core's recipientsPerReport cap) takes 5 × 159 s = 794 s < 900 s.
 */
const REPORT_DELIVERY_BATCH = 5;
const REPORT_DELIVERY_TIMEOUT_SECONDS = 900;
/** A message whose delivery kept failing (SES still throttling, the table unreachable) goes to the DLQ after these. */
const REPORT_DELIVERY_MAX_RECEIVES = 5;
/** A message waiting this long raises the alarm: the rush's last mail leaves within ~53 minutes (ADR 094). */
export const REPORT_DELIVERY_WAIT_ALARM_MINUTES = 60;

/** The delivery queue between "report file ready" and "mail sent" and its DLQ (ADR 110). */
function reportDeliveryQueues(stack: Stack) {
  const reportDeliveryDlq = deadLetterQueue(stack, 'ReportDeliveryDlq');
  const reportDeliveryQueue = workQueue(stack, 'ReportDeliveryQueue', {
    // Twice the consumer's timeout, as the import queue's: the event source's maximum concurrency throttles no invoke that
    // would return a message early; a failed delivery is back within half an hour.
    visibilityTimeout: Duration.seconds(REPORT_DELIVERY_TIMEOUT_SECONDS * 2),
    retentionPeriod: Duration.days(4),
    deadLetter: reportDeliveryDlq,
    maxReceiveCount: REPORT_DELIVERY_MAX_RECEIVES,
  });
  return { reportDeliveryQueue, reportDeliveryDlq };
}

/**
 * The delivery queue's consumer (functions/jobs/report-delivery.ts): the real delivery (ADR 042) of each job, at most
 * REPORT_MAIL_SENDERS at once (the event source's maximum concurrency), each pacing itself to its share of
 * SES_SEND_RATE (ADR 094). It sends the mails and the SFTP copies, so it has the runner's SES, SFTP and link key.
 */
function reportDeliveryConsumer(
  stack: Stack,
  environment: JobsEnvironment,
  sftp: ReturnType<typeof reportsSftp>,
  reportLinkKey: Secret,
  queue: Queue,
) {
  const { grantSend } = use(Email);
  const consumer = new SstFunction(stack, 'ReportDelivery', {
    handler: 'functions/jobs/report-delivery.handler',
    memorySize: '512 MB',
    timeout: `${REPORT_DELIVERY_TIMEOUT_SECONDS} seconds`,
    environment: { ...environment, ...sftp.environment, REPORT_MAIL_SENDERS: String(REPORT_MAIL_SENDERS) },
    ...copiesBySftp(sftp),
    logGroup: new LogGroup(stack, 'ReportDeliveryLogs', { retention: RetentionDays.THREE_MONTHS }),
  });
  consumer.addEventSource(
    new SqsEventSource(queue, { batchSize: REPORT_DELIVERY_BATCH, maxConcurrency: REPORT_MAIL_SENDERS, reportBatchItemFailures: true }),
  );
  grantReportWork(consumer, reportLinkKey, 'read');
  grantSend(consumer);
  return consumer;
}

/**
 * Export jobs (ADR 033): the API invokes this asynchronously, one job per invocation; it streams the
 * files to the reports bucket's exports/ prefix. 512 MB is twice the runner's measured peak.
 */
function exportRunner(stack: Stack, environment: JobsEnvironment, reportLinkKey: Secret) {
  const { reports, grantData } = use(Storage);
  const exporter = new SstFunction(stack, 'ExportRunner', {
    handler: 'functions/jobs/export.handler',
    memorySize: '512 MB',
    timeout: '15 minutes',
    environment: { ...environment, NODE_OPTIONS: EXPORT_NODE_OPTIONS },
    logGroup: new LogGroup(stack, 'ExportRunnerLogs', { retention: RetentionDays.THREE_MONTHS }),
  });
  grantData(exporter); // rows in, job progress out
  exporter.node.addDependency(reportLinkKey);
  reports.cdk.bucket.grantReadWrite(exporter, 'exports/*');
  // The runner records its own failures on the job; a retry would find the job no longer queued.
  exporter.configureAsyncInvoke({ retryAttempts: 0 });
  return exporter;
}

/**
 * SES's bounces and complaints (ADR 042 addendum): topic → queue (raw message delivery: a body is SES's
 * event JSON) → MailEvents, which marks the delivery. A message whose recording keeps throwing (the
 * table unreachable) goes to the DLQ after 5 receives; a malformed one is logged and dropped by the handler.
 */
function mailEventsConsumer(stack: Stack, loginEnvironment: Omit<JobsEnvironment, 'REPORT_LINK_KEY'>) {
  const { grantData } = use(Storage);
  const { mailEvents } = use(Email);
  const mailEventsDlq = deadLetterQueue(stack, 'MailEventsDlq');
  const mailEventsQueue = workQueue(stack, 'MailEventsQueue', {
    visibilityTimeout: Duration.seconds(180), // 6x the function's timeout, as AWS advises for SQS sources
    deadLetter: mailEventsDlq,
    maxReceiveCount: 5,
  });
  mailEvents.addSubscription(new SqsSubscription(mailEventsQueue, { rawMessageDelivery: true }));
  const mailEventsFn = new SstFunction(stack, 'MailEvents', {
    handler: 'functions/jobs/mail-events.handler',
    memorySize: '256 MB',
    timeout: '30 seconds',
    environment: loginEnvironment, // no link key: it sends nothing
    logGroup: new LogGroup(stack, 'MailEventsLogs', { retention: RetentionDays.THREE_MONTHS }),
  });
  mailEventsFn.addEventSource(new SqsEventSource(mailEventsQueue, { batchSize: 10, reportBatchItemFailures: true }));
  grantData(mailEventsFn); // the MSG# pointer, the delivery, the mailing list entry of a complaint
  return { mailEventsQueue, mailEventsDlq };
}

/**
 * The schedule group the API creates report schedules in, and the role Scheduler invokes the runner with
 * (and puts undeliverable events on the DLQ with).
 */
function reportScheduling(stack: Stack, app: App, runner: SstFunction, dlq: Queue) {
  const scheduleGroupName = app.logicalPrefixedName('reports');
  const scheduleGroup = new CfnScheduleGroup(stack, 'ReportSchedules', { name: scheduleGroupName });

  // Assumed by Scheduler only, for this account's schedules (confused-deputy guard).
  const schedulerRole = new Role(stack, 'SchedulerRole', {
    assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
  });
  schedulerRole.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [runner.functionArn] }));
  schedulerRole.addToPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [dlq.queueArn] }));

  // The one fixed-rate sweep (ADR 108) through the same Scheduler, role and runner as the report
  // schedules, in the default group (the API manages its group's schedules): every sweep step at once — the
  // report part slots (ADR 104), the allocation changes whose day began (ADR 087), the approved company
  // asset changes whose first apply failed (ADR 107). A fire that cannot be
  // delivered is not retried: the next one comes within minutes.
  const sweep = new CfnSchedule(stack, 'Sweep', {
    description: 'Runs the sweep steps: report part slots (ADR 077), allocation changes due (ADR 087), company effects (ADR 085)',
    scheduleExpression: `rate(${SWEEP_MINUTES} minutes)`,
    flexibleTimeWindow: { mode: 'OFF' },
    state: 'ENABLED',
    target: {
      arn: runner.functionArn,
      roleArn: schedulerRole.roleArn,
      input: JSON.stringify({ kind: 'sweep' }),
      retryPolicy: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: SWEEP_MINUTES * 60 },
    },
  });

  /** What the API needs to manage schedules: this group's schedules only, and passing exactly this role. */
  const grantScheduling = (grantee: IGrantable) => {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule'],
        resources: [
          stack.formatArn({
            service: 'scheduler',
            resource: 'schedule',
            resourceName: `${scheduleGroupName}/*`,
          }),
        ],
      }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
  };
  return { scheduleGroup, scheduleGroupName, schedulerRole, sweep, grantScheduling };
}

/**
 * Scheduled reports. The API creates EventBridge Scheduler schedules at run time (one per report, keyed by
 * processId) in this stack's group; each schedule invokes the report runner through the scheduler role.
 */
export function Jobs({ stack, app }: StackContext) {
  const { reports, grantData } = use(Storage);
  const { reportLinkKeyName, reportLinkKey } = reportLinkKeySecret(stack, app);
  const environment = jobsEnvironment(app, reportLinkKeyName);

  // "Copied by FTP" (ADR 039): Transfer Family over the reports bucket's sftp/ prefix; the runner puts there.
  const { REPORT_LINK_KEY: _linkKey, ...loginEnvironment } = environment; // logins need no link key
  const sftp = reportsSftp(stack, reports.cdk.bucket, { environment: loginEnvironment, grantData });

  const { reportDeliveryQueue, reportDeliveryDlq } = reportDeliveryQueues(stack);
  const { runner, dlq } = reportRunner(stack, environment, sftp, reportLinkKey, reportDeliveryQueue);
  const reportDelivery = reportDeliveryConsumer(stack, environment, sftp, reportLinkKey, reportDeliveryQueue);
  const exporter = exportRunner(stack, environment, reportLinkKey);
  const { mailEventsQueue, mailEventsDlq } = mailEventsConsumer(stack, loginEnvironment);
  const { importQueue, importDlq } = use(Storage);
  const importer = importWorker(
    stack,
    { importQueue, importDlq },
    { environment: loginEnvironment, bucket: reports.cdk.bucket, grantData },
  );

  return {
    environment,
    runner,
    sftp,
    dlq,
    reportDeliveryQueue,
    reportDeliveryDlq,
    reportDelivery,
    mailEventsQueue,
    mailEventsDlq,
    importQueue,
    importDlq,
    importer,
    ...reportScheduling(stack, app, runner, dlq),
    exporter,
    /** What the API needs to start exports: invoking the export function, nothing else. */
    grantExports: (grantee: IGrantable) => exporter.grantInvoke(grantee),
    /** What the API needs for "run now" (ADR 041): invoking the report runner. */
    grantReportRuns: (grantee: IGrantable) => runner.grantInvoke(grantee),
  };
}
