import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Function as SstFunction, type StackContext, use } from 'sst/constructs';
import { Email } from './email.ts';
import { Jobs } from './jobs.ts';
import { Storage } from './storage.ts';
import { Web } from './web.ts';

/** The Hono API Lambda, attached to the Web stack's HTTP API as `ANY /api/{proxy+}`. */
export function Api({ stack }: StackContext) {
  const { api } = use(Web);
  const { files, reports, totpKey, grantData } = use(Storage);
  const { grantSend } = use(Email);
  const jobs = use(Jobs);

  const handler = new SstFunction(stack, 'ApiHandler', {
    handler: 'functions/api/lambda.handler',
    memorySize: '1 GB', // also buys CPU for the password KDF
    timeout: '29 seconds', // API Gateway gives up at 30 s
    environment: {
      ...jobs.environment,
      TOTP_KMS_KEY_ID: totpKey.keyArn,
      SCHEDULE_GROUP_NAME: jobs.scheduleGroupName,
      SCHEDULER_ROLE_ARN: jobs.schedulerRole.roleArn,
      REPORT_RUNNER_ARN: jobs.runner.functionArn,
      SCHEDULER_DLQ_ARN: jobs.dlq.queueArn,
    },
    logGroup: new LogGroup(stack, 'ApiHandlerLogs', { retention: RetentionDays.THREE_MONTHS }),
  });
  api.addRoutes(stack, { 'ANY /api/{proxy+}': handler });

  grantData(handler);
  files.cdk.bucket.grantReadWrite(handler);
  reports.cdk.bucket.grantReadWrite(handler);
  grantSend(handler);
  handler.addToRolePolicy(
    new PolicyStatement({ actions: ['kms:Encrypt', 'kms:Decrypt'], resources: [totpKey.keyArn] }),
  );
  jobs.grantScheduling(handler);

  return { handler };
}
