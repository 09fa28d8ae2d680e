import { SecretValue } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Config, Function as SstFunction, type StackContext, use } from 'sst/constructs';
import { API_BUNDLING, API_COPY_FILES } from './api-bundling.ts';
import { Email } from './email.ts';
import { Jobs } from './jobs.ts';
import { sharpLayer } from './sharp-layer.ts';
import { Storage } from './storage.ts';
import { originSecretVersions, Web } from './web.ts';

/** The Hono API Lambda, attached to the Web stack's HTTP API as `ANY /api/{proxy+}`. */
export function Api({ stack }: StackContext) {
  const { api, originSecretName } = use(Web);
  const { files, reports, totpKey, grantData } = use(Storage);
  const { grantSend } = use(Email);
  const jobs = use(Jobs);
  const sso = singleSignOn(stack);

  const handler = new SstFunction(stack, 'ApiHandler', {
    handler: 'functions/api/lambda.handler',
    memorySize: '1 GB', // also buys CPU for the password KDF
    timeout: '29 seconds', // API Gateway gives up at 30 s
    nodejs: API_BUNDLING, // split and minified: what the byte budget and the cold-start bench measure
    copyFiles: API_COPY_FILES, // the PDF fonts (ADR 090)
    // sharp stays external to the bundle: its linux-arm64 binary comes in this layer (ADR 106).
    layers: [sharpLayer(stack)],
    environment: {
      ...jobs.environment,
      TOTP_KMS_KEY_ID: totpKey.keyArn,
      SCHEDULE_GROUP_NAME: jobs.scheduleGroupName,
      SCHEDULER_ROLE_ARN: jobs.schedulerRole.roleArn,
      REPORT_RUNNER_ARN: jobs.runner.functionArn,
      SCHEDULER_DLQ_ARN: jobs.dlq.queueArn,
      EXPORT_FUNCTION_NAME: jobs.exporter.functionName,
      // The value CloudFront sends as X-Origin-Verify (infra/web.ts): a dynamic reference CloudFormation
      // resolves at deploy, so the value is in neither the repo nor the template (ADR 023); during a rotation
      // the other version too (ADR 096).
      ...originVerifyEnvironment(originSecretName),
      ...sso.environment,
      // A resend of a report's SFTP copy runs here (ADR 042): the runner's SFTP settings and key (ADR 039).
      ...jobs.sftp.environment,
    },
    bind: [...sso.bind, ...jobs.sftp.bind],
    prefetchSecrets: sso.bind.length + jobs.sftp.bind.length > 0,
    logGroup: new LogGroup(stack, 'ApiHandlerLogs', { retention: RetentionDays.THREE_MONTHS }),
  });
  api.addRoutes(stack, { 'ANY /api/{proxy+}': handler });

  grantData(handler);
  files.cdk.bucket.grantReadWrite(handler);
  reports.cdk.bucket.grantReadWrite(handler);
  grantSend(handler);
  handler.addToRolePolicy(new PolicyStatement({ actions: ['kms:Encrypt', 'kms:Decrypt'], resources: [totpKey.keyArn] }));
  jobs.grantScheduling(handler);
  jobs.grantExports(handler);
  jobs.grantReportRuns(handler);

  return { handler };
}

/**
 * Single sign-on with Entra ID (ADR 009), all or nothing per stage. SSO_ISSUER and SSO_CLIENT_ID come
 * from the stage's environment at deploy; the client secret is an SST secret
 * (`npx sst secrets set SSO_CLIENT_SECRET <value> --stage NAME`, before the deploy), bound to the API
 * and written into its variable SST_Secret_value_SSO_CLIENT_SECRET at deploy (`prefetchSecrets`).
 */
function singleSignOn(stack: StackContext['stack']): {
  environment: Record<string, string>;
  bind: Config.Secret[];
} {
  const issuer = process.env.SSO_ISSUER || undefined;
  const clientId = process.env.SSO_CLIENT_ID || undefined;
  if (!issuer && !clientId) return { environment: {}, bind: [] };
  if (!issuer || !clientId) throw new Error('SSO_ISSUER and SSO_CLIENT_ID must be set together (ADR 009)');
  if (!issuer.startsWith('https://')) throw new Error('SSO_ISSUER must be an https URL (ADR 009)');
  return {
    environment: { SSO_ISSUER: issuer, SSO_CLIENT_ID: clientId },
    bind: [new Config.Secret(stack, 'SSO_CLIENT_SECRET')],
  };
}

/** ORIGIN_VERIFY_SECRET (the version CloudFront sends) and, while a rotation runs, ORIGIN_VERIFY_SECRET_ROTATING (ADR 096). */
function originVerifyEnvironment(originSecretName: string): Record<string, string> {
  const { sent, rotating } = originSecretVersions();
  const version = (versionId: string | undefined) =>
    SecretValue.secretsManager(originSecretName, versionId ? { versionId } : {}).unsafeUnwrap();
  return { ORIGIN_VERIFY_SECRET: version(sent), ...(rotating ? { ORIGIN_VERIFY_SECRET_ROTATING: version(rotating) } : {}) };
}
