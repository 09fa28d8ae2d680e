import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../functions/api/client-address.ts';
import { awsFilesOrigin, siteContentSecurityPolicy, siteCspWithFiles } from '../../infra/site-headers.ts';
import { PROD_WARM_THROUGHPUT, TABLE_KEYS } from '@portal/backend/platform/db';
import { PDF_FONT_FILES, PDF_FONT_PACKAGE } from '@portal/backend/platform/pdf';
import { parseScheduledJobEvent, SWEEP_MINUTES } from '@portal/backend/platform/scheduler';
import { REPORT_FILE_RETENTION_DAYS } from '../../packages/core/src/report/report.ts';
import { REPORT_MAIL_SENDERS, REPORT_RUNNER_CONCURRENCY } from '@portal/backend/report';
import { mountWebFiles } from '../../scripts/local/web-files.ts';
import { documentOf, SECTION_PAGES } from '../../infra/spa-fallback.ts';
import { IMPORT_NOTIFICATION_PREFIXES } from '@portal/backend/import';
import {
  IMPORT_MAX_CONCURRENCY,
  IMPORT_PREFIXES,
  IMPORT_VISIBILITY_MINUTES,
  IMPORT_WAIT_ALARM_MINUTES,
} from '../../infra/import-settings.ts';
import {
  asArray,
  cfnLintFindings,
  nagFindings,
  nagSuppressions,
  packagedFunctionFiles,
  packagedFunctionRoot,
  publishedSiteFiles,
  statements,
  synth,
} from './synth.ts';

/** The variables the backend's config requires at start-up: every Lambda of the app gets them. */
const CONFIG_VARIABLES = ['STAGE', 'TABLE_NAME', 'FILES_BUCKET', 'REPORTS_BUCKET', 'MAIL_FROM', 'APP_URL'] as const;

let t: Awaited<ReturnType<typeof synth>>;
let siteFiles: string[];
let apiFiles: Record<string, string>;

beforeAll(async () => {
  t = await synth('test');
  siteFiles = await publishedSiteFiles();
  apiFiles = await packagedFunctionFiles('functions/api');
});

const ofType = (template: Template, type: string) =>
  Object.entries(template.findResources(type)) as [string, { Properties: Record<string, unknown> }][];
/** The files and reports buckets, without the bucket their access logs go to. */
const appBuckets = (template: Template) => ofType(template, 'AWS::S3::Bucket').filter(([id]) => !id.startsWith('AccessLogs'));

describe('Storage', () => {
  it('has one on-demand table with PITR, TTL on expiresAt and the two GSIs (not pre-warmed outside prod)', () => {
    t.Storage.resourceCountIs('AWS::DynamoDB::Table', 1);
    t.Storage.hasResourceProperties('AWS::DynamoDB::Table', { WarmThroughput: Match.absent() });
    const gsi = (n: 1 | 2 | 3) => ({
      IndexName: `gsi${n}`,
      KeySchema: [
        { AttributeName: `gsi${n}pk`, KeyType: 'HASH' },
        { AttributeName: `gsi${n}sk`, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    });
    t.Storage.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith(
        ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'].map((name) => ({
          AttributeName: name,
          AttributeType: 'S',
        })),
      ),
      GlobalSecondaryIndexes: [gsi(1), gsi(2), gsi(3)],
    });
  });

  it('has private, encrypted, SSL-only buckets with CORS for presigned GET/PUT from the site', () => {
    const buckets = appBuckets(t.Storage);
    expect(buckets).toHaveLength(2);
    for (const [, bucket] of buckets) {
      expect(bucket.Properties).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      });
      const [rule] = (bucket.Properties.CorsConfiguration as { CorsRules: Record<string, unknown>[] }).CorsRules;
      expect(rule?.AllowedMethods).toEqual(['GET', 'PUT', 'POST', 'HEAD']); // POST: workflow uploads (ADR 045)
      // The site URL, imported from the Web stack: never a wildcard origin.
      expect(JSON.stringify(rule?.AllowedOrigins)).toContain('Fn::ImportValue');
    }
    const ssl = statements(t.Storage).filter((s) => s.type === 'AWS::S3::BucketPolicy' && s.statement.Effect === 'Deny');
    expect(ssl.map((s) => s.statement.Condition)).toEqual([
      { Bool: { 'aws:SecureTransport': 'false' } }, // the access logs bucket
      { Bool: { 'aws:SecureTransport': 'false' } },
      { Bool: { 'aws:SecureTransport': 'false' } },
    ]);
  });

  it('versions the files bucket only (ADR 105)', () => {
    const versioning = appBuckets(t.Storage).map(([, b]) => b.Properties.VersioningConfiguration);
    expect(versioning).toEqual([{ Status: 'Enabled' }, undefined]);
  });

  it('expires export files after a day (ADR 033) and report files after their retention (ADR 041), unfinished uploads too', () => {
    const rules = appBuckets(t.Storage).map(([, b]) => b.Properties.LifecycleConfiguration);
    expect(rules.filter(Boolean)).toEqual([
      // ADR 045: workflow uploads never completed (the files bucket); ADR 082: its noncurrent versions kept 30 days.
      {
        Rules: [
          {
            Id: 'ExpirePendingUploads',
            Prefix: 'workflow-uploads/pending/',
            Status: 'Enabled',
            ExpirationInDays: 1,
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          },
          // ADR 106: staged logo images never saved go a day after their row (90 days).
          {
            Id: 'ExpireStagedLogos',
            Prefix: 'logos/staged/',
            Status: 'Enabled',
            ExpirationInDays: 91,
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          },
          { Id: 'ExpireNoncurrentVersions', Status: 'Enabled', NoncurrentVersionExpiration: { NoncurrentDays: 30 } },
        ],
      },
      {
        Rules: [
          {
            Id: 'ExpireExports',
            Prefix: 'exports/',
            Status: 'Enabled',
            ExpirationInDays: 1,
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          },
          // ADR 041: report files for REPORT_FILE_RETENTION_DAYS (asserted equal below).
          {
            Id: 'ExpireReports',
            Prefix: 'reports/',
            Status: 'Enabled',
            ExpirationInDays: REPORT_FILE_RETENTION_DAYS,
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          },
          // ADR 039: the SFTP copies customers fetch (tests/infra/sftp.test.ts).
          {
            Id: 'ExpireSftpCopies',
            Prefix: 'sftp/',
            Status: 'Enabled',
            ExpirationInDays: 30,
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          },
        ],
      },
    ]);
  });

  it('has a rotating KMS key for TOTP secrets', () => {
    t.Storage.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
  });

  it('is destroyed with a non-prod stage, objects included', () => {
    t.Storage.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    t.Storage.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
    t.Storage.resourceCountIs('Custom::S3AutoDeleteObjects', 3);
  });

  it('logs every request to the files and reports buckets into a private, TLS-only bucket that keeps the logs 90 days (ADR 093)', () => {
    const [[logsId, logs]] = ofType(t.Storage, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('AccessLogs')) as [
      [string, { Properties: Record<string, unknown> }],
    ];
    expect(logs.Properties).toMatchObject({
      LifecycleConfiguration: { Rules: [{ Id: 'ExpireAccessLogs', Status: 'Enabled', ExpirationInDays: 90 }] },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
    });
    expect(appBuckets(t.Storage).map(([, b]) => b.Properties.LoggingConfiguration)).toEqual([
      { DestinationBucketName: { Ref: logsId }, LogFilePrefix: 'files/' },
      { DestinationBucketName: { Ref: logsId }, LogFilePrefix: 'reports/' },
    ]);
    // Delivered under a bucket policy for S3's logging service, from this account's buckets only.
    const delivery = statements(t.Storage).filter((s) => JSON.stringify(s.statement).includes('logging.s3.amazonaws.com'));
    expect(delivery.map((s) => s.statement)).toEqual(
      ['files', 'reports'].map(() =>
        expect.objectContaining({
          Effect: 'Allow',
          Action: 's3:PutObject',
          Condition: expect.objectContaining({ StringEquals: { 'aws:SourceAccount': '123456789012' } }),
        }),
      ),
    );
  });
});

describe('Storage and the backend agree', () => {
  it('declares exactly the keys, indexes and TTL the backend creates locally (ADR 003)', () => {
    const [, table] = ofType(t.Storage, 'AWS::DynamoDB::Table')[0] ?? [];
    const props = table?.Properties as {
      KeySchema: { AttributeName: string }[];
      GlobalSecondaryIndexes: { IndexName: string; KeySchema: { AttributeName: string }[] }[];
      TimeToLiveSpecification: { AttributeName: string };
    };
    expect(props.KeySchema.map((k) => k.AttributeName)).toEqual([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
    expect(props.TimeToLiveSpecification.AttributeName).toBe(TABLE_KEYS.ttlAttribute);
    expect(props.GlobalSecondaryIndexes.map((i) => [i.IndexName, ...i.KeySchema.map((k) => k.AttributeName)])).toEqual(
      TABLE_KEYS.indexes.map((i) => [i.name, i.partitionKey, i.sortKey]),
    );
  });
});

describe('Email', () => {
  it('has a domain identity for the stage default domain', () => {
    t.Email.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'test.portal.example.com' });
    t.Email.hasOutput('MailFrom', { Value: 'no-reply@test.portal.example.com' });
  });
});

describe('Jobs', () => {
  const runner = () => ofType(t.Jobs, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ReportRunner'));

  it('has the report runner on nodejs22.x/arm64 without its own ARN or the scheduler role in its env', () => {
    const [, fn] = runner() ?? [];
    expect(fn?.Properties.Handler).toMatch(/(^|\/)functions\/jobs\/report-runner\.handler$/);
    // Like the export function (ADR 041 on ADR 033): 512 MB, 15 minutes, V8's old space capped.
    expect(fn?.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], MemorySize: 512, Timeout: 900 });
    expect((fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables.NODE_OPTIONS).toBe('--max-old-space-size=160');
    const env = Object.keys((fn?.Properties.Environment as { Variables: object } | undefined)?.Variables ?? {});
    expect(env).toEqual(expect.arrayContaining([...CONFIG_VARIABLES]));
    expect(env).not.toContain('REPORT_RUNNER_ARN');
    expect(env).not.toContain('SCHEDULER_ROLE_ARN');
    // Reserved concurrency in prod only (ADR 077): a new account has too little to reserve from.
    expect(fn?.Properties.ReservedConcurrentExecutions).toBeUndefined();
  });

  it('has an encrypted DLQ keeping messages 14 days, and the schedule group', () => {
    t.Jobs.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    t.Jobs.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'test-portal-reports' });
  });

  it('dead-letters runs whose handler keeps failing to the same DLQ', () => {
    const [dlqId] = ofType(t.Jobs, 'AWS::SQS::Queue').find(([id]) => id.startsWith('SchedulerDlq')) ?? [];
    t.Jobs.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [dlqId, 'Arn'] } } },
    });
  });

  it('has a scheduler role that may only invoke the runner and dead-letter to the DLQ', () => {
    const [roleId, role] = ofType(t.Jobs, 'AWS::IAM::Role').find(([id]) => id.startsWith('SchedulerRole')) ?? [];
    expect(role?.Properties.AssumeRolePolicyDocument).toMatchObject({
      Statement: [
        {
          Action: 'sts:AssumeRole',
          Effect: 'Allow',
          Principal: { Service: 'scheduler.amazonaws.com' },
          Condition: { StringEquals: { 'aws:SourceAccount': '123456789012' } },
        },
      ],
    });
    expect(role?.Properties.ManagedPolicyArns).toBeUndefined();
    expect(role?.Properties.Policies).toBeUndefined();
    const [runnerId] = runner() ?? [];
    const [dlqId] = ofType(t.Jobs, 'AWS::SQS::Queue').find(([id]) => id.startsWith('SchedulerDlq')) ?? [];
    const policies = ofType(t.Jobs, 'AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`));
    expect(policies).toHaveLength(1);
    expect(policies[0]?.[1].Properties.PolicyDocument).toEqual({
      Version: '2012-10-17',
      Statement: [
        { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [runnerId, 'Arn'] } },
        { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::GetAtt': [dlqId, 'Arn'] } },
      ],
    });
  });
});

describe('Jobs: the one sweep (ADR 108): report part slots (ADR 104), allocation changes due (ADR 087), company effects (ADR 085)', () => {
  it('fires the report runner with the sweep payload at a fixed rate, through the scheduler role: one schedule for every step', () => {
    const schedules = ofType(t.Jobs, 'AWS::Scheduler::Schedule');
    expect(schedules.map(([id]) => id.replace(/[0-9A-F]{8}$/, ''))).toEqual(['Sweep']);
    const [, schedule] = schedules[0]!;
    const [runnerId] = ofType(t.Jobs, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ReportRunner')) ?? [];
    const [roleId] = ofType(t.Jobs, 'AWS::IAM::Role').find(([id]) => id.startsWith('SchedulerRole')) ?? [];
    expect(SWEEP_MINUTES).toBe(5);
    expect(schedule.Properties).toMatchObject({
      ScheduleExpression: 'rate(5 minutes)',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
      Target: {
        Arn: { 'Fn::GetAtt': [runnerId, 'Arn'] },
        RoleArn: { 'Fn::GetAtt': [roleId, 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 300 },
      },
    });
    // The runner's handler takes exactly this payload (functions/jobs/report-runner.ts runs every sweep step).
    const input = JSON.parse(String((schedule.Properties.Target as { Input: string }).Input)) as unknown;
    expect(parseScheduledJobEvent(input)).toEqual({ kind: 'sweep' });
    expect(schedule.Properties.GroupName).toBeUndefined(); // not in the group the API manages
  });
});

describe('Api: sharp for the function that re-encodes logos (ADR 106)', () => {
  it('ships the sharp layer built for the API function’s architecture', () => {
    const [, api] = ofType(t.Api, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ApiHandler')) ?? [];
    const [layerId, layer] = ofType(t.Api, 'AWS::Lambda::LayerVersion').find(([id]) => id.startsWith('SharpLayer')) ?? [];
    expect(api?.Properties.Architectures).toEqual(['arm64']);
    expect(api?.Properties.Layers).toEqual([{ Ref: layerId }]);
    expect(layer?.Properties).toMatchObject({ CompatibleArchitectures: ['arm64'], CompatibleRuntimes: ['nodejs22.x'] });
    expect(String(layer?.Properties.Description)).toMatch(/^sharp \d+\.\d+\.\d+ for linux-arm64 \(@img\/sharp-linux-arm64\//);
  });
});

describe('Jobs: what the report runner may do (ADR 041)', () => {
  const runnerFn = () => ofType(t.Jobs, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ReportRunner'));
  const runnerStatements = () => {
    const [, fn] = runnerFn() ?? [];
    const role = (fn?.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    const policies = new Set(
      ofType(t.Jobs, 'AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${role}"`))
        .map(([pid]) => pid),
    );
    return statements(t.Jobs).filter((s) => policies.has(s.logicalId));
  };

  it('may read and write objects under reports/ of the reports bucket, and only read the logos (ADR 084)', () => {
    const s3 = runnerStatements().filter((s) => asArray(s.statement.Action).some((a) => String(a).startsWith('s3:')));
    const objectsOf = (s: (typeof s3)[number]) =>
      asArray(s.statement.Resource)
        .map((r) => JSON.stringify(r))
        .filter((r) => r.includes('/'));
    expect(s3.flatMap(objectsOf).length).toBeGreaterThan(0);
    for (const statement of s3)
      for (const r of objectsOf(statement)) {
        expect(r).toMatch(/\/(reports|logos)\/\*/);
        // The logos (the customer's, in the report mails) are read, never written or deleted.
        if (r.includes('/logos/*'))
          expect(asArray(statement.statement.Action).filter((a) => /Put|Delete|Abort/.test(String(a)))).toEqual([]);
      }
  });

  it('may invoke itself (the parts of a fanned-out run) and no other function', () => {
    const [id] = runnerFn() ?? [];
    const invoke = runnerStatements().filter((s) => asArray(s.statement.Action).includes('lambda:InvokeFunction'));
    expect(invoke.map((s) => s.statement.Resource)).toEqual([{ 'Fn::GetAtt': [id, 'Arn'] }]);
  });

  it('keeps report files as long as core says (REPORT_FILE_RETENTION_DAYS)', () => {
    expect(REPORT_FILE_RETENTION_DAYS).toBe(90);
  });
});

describe('Jobs: the report delivery queue (ADR 110)', () => {
  const fnOf = (prefix: string) => ofType(t.Jobs, 'AWS::Lambda::Function').find(([id]) => id.startsWith(prefix));
  const queueId = (prefix: string) => ofType(t.Jobs, 'AWS::SQS::Queue').find(([id]) => id.startsWith(prefix))?.[0];
  const envOf = (prefix: string) => (fnOf(prefix)?.[1].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  const actionsOf = (prefix: string) => {
    const role = (fnOf(prefix)?.[1].Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    const policies = new Set(
      ofType(t.Jobs, 'AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${role}"`))
        .map(([pid]) => pid),
    );
    return statements(t.Jobs).filter((s) => policies.has(s.logicalId));
  };

  it('has an encrypted delivery queue that dead-letters after 5 receives, its visibility twice the consumer timeout', () => {
    const dlq = queueId('ReportDeliveryDlq');
    expect(queueId('ReportDeliveryQueue') && dlq).toBeTruthy();
    t.Jobs.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 1800,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount: 5 },
    });
    expect(fnOf('ReportDelivery')?.[1].Properties).toMatchObject({ Timeout: 900 });
  });

  it('runs functions/jobs/report-delivery.handler from it, REPORT_MAIL_SENDERS at once, reporting failed items', () => {
    const [id, fn] = fnOf('ReportDelivery') ?? [];
    expect(fn?.Properties.Handler).toMatch(/(^|\/)functions\/jobs\/report-delivery\.handler$/);
    expect(REPORT_MAIL_SENDERS).toBeGreaterThanOrEqual(2); // SQS's least maximum concurrency
    t.Jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: id },
      EventSourceArn: { 'Fn::GetAtt': [queueId('ReportDeliveryQueue'), 'Arn'] },
      BatchSize: 5,
      ScalingConfig: { MaximumConcurrency: REPORT_MAIL_SENDERS },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // Each consumer paces itself to its share of the account's rate (ADR 094).
    expect(envOf('ReportDelivery')).toMatchObject({ REPORT_MAIL_SENDERS: String(REPORT_MAIL_SENDERS), SES_SEND_RATE: '14' });
    expect(JSON.stringify(envOf('ReportDelivery').REPORT_LINK_KEY)).toMatch(/\{\{resolve:secretsmanager:.*test-portal-report-link-key/);
  });

  it('lets the runner send to the queue (its URL in the runner env) and send no mail; the consumer sends it, reads the files and logos', () => {
    const queue = queueId('ReportDeliveryQueue');
    expect(envOf('ReportRunner').REPORT_DELIVERY_QUEUE_URL).toEqual({ Ref: queue });
    const runner = actionsOf('ReportRunner');
    const send = runner.find((s) => asArray(s.statement.Action).includes('sqs:SendMessage'));
    expect(send?.statement.Resource).toEqual({ 'Fn::GetAtt': [queue, 'Arn'] });
    expect(runner.flatMap((s) => asArray(s.statement.Action)).some((a) => String(a).startsWith('ses:'))).toBe(false);

    const consumer = actionsOf('ReportDelivery');
    const actions = consumer.flatMap((s) => asArray(s.statement.Action).map(String));
    expect(actions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'ses:SendRawEmail', 'dynamodb:UpdateItem']));
    const objects = consumer
      .filter((s) => asArray(s.statement.Action).some((a) => String(a).startsWith('s3:')))
      .flatMap((s) => asArray(s.statement.Resource).map((r) => JSON.stringify(r)))
      .filter((r) => r.includes('/'));
    expect(objects.length).toBeGreaterThan(0);
    for (const r of objects) expect(r).toMatch(/\/(reports|logos)\/\*/);
    expect(actions.filter((a) => /^s3:(Put|Delete)/.test(a))).toEqual([]);
  });
});

describe('Jobs: the export runner (ADR 033)', () => {
  const exporter = () => ofType(t.Jobs, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ExportRunner'));

  it('runs functions/jobs/export.handler with 512 MB for up to 15 minutes, not retried by Lambda', () => {
    const [id, fn] = exporter() ?? [];
    expect(fn?.Properties.Handler).toMatch(/(^|\/)functions\/jobs\/export\.handler$/);
    expect(fn?.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], MemorySize: 512, Timeout: 900 });
    // V8's old space capped so the peak memory stays within the export budget (infra/export-runtime.ts).
    expect((fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables.NODE_OPTIONS).toBe('--max-old-space-size=160');
    t.Jobs.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: id }, MaximumRetryAttempts: 0 });
  });

  it('may read and write objects under exports/ of the reports bucket only, and items of the table', () => {
    const [id] = exporter() ?? [];
    const role = (ofType(t.Jobs, 'AWS::Lambda::Function').find(([fid]) => fid === id)?.[1].Properties.Role as { 'Fn::GetAtt': string[] })[
      'Fn::GetAtt'
    ][0];
    const policies = new Set(
      ofType(t.Jobs, 'AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${role}"`))
        .map(([pid]) => pid),
    );
    const own = statements(t.Jobs).filter((s) => policies.has(s.logicalId));
    const s3 = own.filter((s) => asArray(s.statement.Action).some((a) => String(a).startsWith('s3:')));
    const objectResources = s3
      .flatMap((s) => asArray(s.statement.Resource))
      .map((r) => JSON.stringify(r))
      .filter((r) => r.includes('/'));
    expect(objectResources.length).toBeGreaterThan(0);
    for (const resource of objectResources) expect(resource).toContain('/exports/*');
    expect(own.some((s) => asArray(s.statement.Action).includes('dynamodb:UpdateItem'))).toBe(true);
  });
});

describe("Jobs: the report mails' link key (ADR 042)", () => {
  it('is a generated secret the API and the report runner read by a dynamic reference, never as a value', () => {
    t.Jobs.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'test-portal-report-link-key',
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
    });
    const variable = (template: Template, prefix: string) => {
      const fn = ofType(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith(prefix))?.[1];
      return JSON.stringify((fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables.REPORT_LINK_KEY);
    };
    for (const value of [variable(t.Jobs, 'ReportRunner'), variable(t.Jobs, 'ReportDelivery'), variable(t.Api, 'ApiHandler')]) {
      expect(value).toMatch(/\{\{resolve:secretsmanager:.*test-portal-report-link-key/);
    }
  });
});

describe("SES's later bounces and complaints (ADR 042 addendum)", () => {
  const fnOf = (prefix: string) => ofType(t.Jobs, 'AWS::Lambda::Function').find(([id]) => id.startsWith(prefix));
  const envOf = (template: Template, prefix: string) =>
    (
      ofType(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith(prefix))?.[1].Properties.Environment as {
        Variables: Record<string, unknown>;
      }
    ).Variables;
  const queueId = (prefix: string) => ofType(t.Jobs, 'AWS::SQS::Queue').find(([id]) => id.startsWith(prefix))?.[0];
  /** The statements of the policies attached to a function's role. */
  const roleStatements = (template: Template, prefix: string) => {
    const fn = ofType(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith(prefix))?.[1];
    const role = (fn?.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    const policies = new Set(
      ofType(template, 'AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${role}"`))
        .map(([pid]) => pid),
    );
    return statements(template).filter((s) => policies.has(s.logicalId));
  };

  it('has a configuration set publishing Bounce and Complaint events to a topic SES may publish to for that set only', () => {
    t.Email.hasResourceProperties('AWS::SES::ConfigurationSet', { Name: 'test-portal-mail' });
    const [topicId] = ofType(t.Email, 'AWS::SNS::Topic')[0] ?? [];
    const [setId] = ofType(t.Email, 'AWS::SES::ConfigurationSet')[0] ?? [];
    t.Email.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: setId },
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        SnsDestination: { TopicARN: { Ref: topicId } },
      }),
    });
    const publish = statements(t.Email).find(
      (s) => s.type === 'AWS::SNS::TopicPolicy' && s.statement.Effect === 'Allow' && asArray(s.statement.Action).includes('sns:Publish'),
    );
    expect(publish?.statement).toMatchObject({ Effect: 'Allow', Principal: { Service: 'ses.amazonaws.com' } });
    expect(JSON.stringify(publish?.statement.Condition)).toContain(`:configuration-set/",{"Ref":"${setId}"}`);
  });

  it('feeds the topic into an encrypted queue (raw message delivery) that dead-letters after 5 receives', () => {
    const queue = queueId('MailEventsQueue');
    const dlq = queueId('MailEventsDlq');
    expect(queue && dlq).toBeTruthy();
    t.Jobs.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount: 5 },
    });
    t.Jobs.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'sqs',
      RawMessageDelivery: true,
      Endpoint: { 'Fn::GetAtt': [queue, 'Arn'] },
      TopicArn: { 'Fn::ImportValue': Match.stringLikeRegexp('MailEvents') },
    });
    const send = statements(t.Jobs).find(
      (s) =>
        s.type === 'AWS::SQS::QueuePolicy' && s.statement.Effect === 'Allow' && asArray(s.statement.Action).includes('sqs:SendMessage'),
    );
    expect(send?.statement).toMatchObject({
      Effect: 'Allow',
      Principal: { Service: 'sns.amazonaws.com' },
      Resource: { 'Fn::GetAtt': [queue, 'Arn'] },
    });
  });

  it('runs functions/jobs/mail-events.handler from the queue, reporting failed items, with the table and nothing to send mail', () => {
    const [id, fn] = fnOf('MailEvents') ?? [];
    expect(fn?.Properties.Handler).toMatch(/(^|\/)functions\/jobs\/mail-events\.handler$/);
    expect(fn?.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: 30 });
    t.Jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: id },
      EventSourceArn: { 'Fn::GetAtt': [queueId('MailEventsQueue'), 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const actions = roleStatements(t.Jobs, 'MailEvents').flatMap((s) => asArray(s.statement.Action));
    expect(actions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'dynamodb:GetItem', 'dynamodb:UpdateItem']));
    expect(actions.some((a) => a.startsWith('ses:') || a.startsWith('s3:'))).toBe(false);
    expect(envOf(t.Jobs, 'MailEvents').REPORT_LINK_KEY).toBeUndefined();
  });

  it('names the configuration set to every Lambda that sends mail, and lets them send with it (SES checks the set too)', () => {
    for (const [template, prefix] of [
      [t.Jobs, 'ReportDelivery'],
      [t.Api, 'ApiHandler'],
    ] as const) {
      expect(envOf(template, prefix).SES_CONFIGURATION_SET, prefix).toBe('test-portal-mail');
      // The account's sending rate, AWS's default unless the stage sets SES_SEND_RATE (ADR 094).
      expect(envOf(template, prefix).SES_SEND_RATE, prefix).toBe('14');
      const ses = roleStatements(template, prefix).find((s) => asArray(s.statement.Action).includes('ses:SendRawEmail'));
      const resources = JSON.stringify(ses?.statement.Resource);
      expect(resources, prefix).toContain(':identity/*');
      expect(resources, prefix).toContain(':configuration-set/test-portal-mail');
      expect(ses?.statement.Condition, prefix).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@test.portal.example.com' } });
    }
  });
});

describe('Imports on AWS (ADR 069)', () => {
  const queueIdIn = (template: Template, prefix: string) => ofType(template, 'AWS::SQS::Queue').find(([id]) => id.startsWith(prefix))?.[0];
  const importFn = () => ofType(t.Jobs, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ImportWorker'));

  it('has an encrypted import queue beside the reports bucket that dead-letters after 5 receives, the DLQ keeping 14 days', () => {
    const dlq = queueIdIn(t.Storage, 'ImportDlq');
    expect(queueIdIn(t.Storage, 'ImportQueue') && dlq).toBeTruthy();
    t.Storage.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      VisibilityTimeout: IMPORT_VISIBILITY_MINUTES * 60,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount: 5 },
    });
    t.Storage.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
  });

  it('notifies the queue of objects created under the import prefixes, which are the ones the worker reads', () => {
    expect(IMPORT_PREFIXES).toEqual(IMPORT_NOTIFICATION_PREFIXES);
    const queue = queueIdIn(t.Storage, 'ImportQueue');
    const [, notifications] = ofType(t.Storage, 'Custom::S3BucketNotifications')[0] ?? [];
    const configs = (notifications?.Properties.NotificationConfiguration as { QueueConfigurations: unknown[] }).QueueConfigurations;
    expect(configs).toEqual(
      IMPORT_PREFIXES.map((prefix) => ({
        Events: ['s3:ObjectCreated:*'],
        Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: prefix }] } },
        QueueArn: { 'Fn::GetAtt': [queue, 'Arn'] },
      })),
    );
    const send = statements(t.Storage).find(
      (s) =>
        s.type === 'AWS::SQS::QueuePolicy' && s.statement.Effect === 'Allow' && asArray(s.statement.Action).includes('sqs:SendMessage'),
    );
    expect(send?.statement).toMatchObject({ Principal: { Service: 's3.amazonaws.com' }, Resource: { 'Fn::GetAtt': [queue, 'Arn'] } });
  });

  it('runs functions/jobs/import-files.handler one message at a time with bounded concurrency, reporting failed items', () => {
    const [id, fn] = importFn() ?? [];
    expect(fn?.Properties.Handler).toMatch(/(^|\/)functions\/jobs\/import-files\.handler$/);
    expect(fn?.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: 900 });
    expect(IMPORT_VISIBILITY_MINUTES * 60).toBeGreaterThan(900); // the lease (budget + 1 minute) ends first
    t.Jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: id },
      EventSourceArn: { 'Fn::ImportValue': Match.stringLikeRegexp('ImportQueue') },
      BatchSize: 1,
      ScalingConfig: { MaximumConcurrency: IMPORT_MAX_CONCURRENCY },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const env = (fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(env)).toEqual(expect.arrayContaining([...CONFIG_VARIABLES, 'IMPORT_QUEUE_URL']));
    expect(env.REPORT_LINK_KEY).toBeUndefined();
  });

  it('may read objects under the import prefixes only, send to the import queue, and no mail', () => {
    const role = (importFn()?.[1].Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    const policies = new Set(
      ofType(t.Jobs, 'AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${role}"`))
        .map(([pid]) => pid),
    );
    const own = statements(t.Jobs).filter((s) => policies.has(s.logicalId));
    const s3Resources = own
      .filter((s) => asArray(s.statement.Action).some((a) => a.startsWith('s3:')))
      .flatMap((s) => asArray(s.statement.Resource));
    expect(JSON.stringify(s3Resources)).toContain('/sftp/*');
    expect(JSON.stringify(s3Resources)).toContain('/imports/*');
    expect(JSON.stringify(s3Resources)).not.toContain('/reports/*');
    const actions = own.flatMap((s) => asArray(s.statement.Action));
    expect(actions).toEqual(expect.arrayContaining(['sqs:SendMessage', 'sqs:ChangeMessageVisibility', 'dynamodb:UpdateItem']));
    expect(actions.some((a) => a.startsWith('ses:') || a === 's3:PutObject' || a === 's3:DeleteObject*')).toBe(false);
  });

  it('raises the alarm when a file waits too long in the queue and when the DLQ holds a message', () => {
    t.Monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateAgeOfOldestMessage',
      Namespace: 'AWS/SQS',
      Threshold: IMPORT_WAIT_ALARM_MINUTES * 60,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    const depth = ofType(t.Monitoring, 'AWS::CloudWatch::Alarm').filter(
      ([id, a]) => id.startsWith('ImportDlqAlarm') && a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible',
    );
    expect(depth).toHaveLength(1);
    expect(depth[0]![1].Properties).toMatchObject({ Threshold: 1, AlarmActions: [expect.anything()] });
  });
});

describe('Api', () => {
  const fn = () => ofType(t.Api, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ApiHandler'))?.[1];
  const policy = () => statements(t.Api).filter((s) => s.type === 'AWS::IAM::Policy');
  const allowing = (action: string) =>
    policy().filter((s) => asArray(s.statement.Action).includes(action) && s.statement.Effect === 'Allow');

  it('runs the API handler on nodejs22.x/arm64 with the documented environment', () => {
    // The path is relative to the project root, hence the fixture prefix here; `functions/api/...` on deploy.
    expect(fn()?.Properties.Handler).toMatch(/(^|\/)functions\/api\/lambda\.handler$/);
    expect(fn()?.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: 1024,
      Timeout: 29,
    });
    const env = (fn()?.Properties.Environment as { Variables: Record<string, unknown> } | undefined)?.Variables ?? {};
    for (const name of [
      ...CONFIG_VARIABLES,
      'TOTP_KMS_KEY_ID',
      'SCHEDULE_GROUP_NAME',
      'SCHEDULER_ROLE_ARN',
      'REPORT_RUNNER_ARN',
      'SCHEDULER_DLQ_ARN',
      'EXPORT_FUNCTION_NAME',
    ]) {
      expect(env[name], name).toBeDefined();
    }
    expect(env).toMatchObject({
      STAGE: 'test',
      SCHEDULER_MODE: 'aws',
      SCHEDULE_GROUP_NAME: 'test-portal-reports',
      MAIL_FROM: 'no-reply@test.portal.example.com',
    });
  });

  it('packages the API split and minified, as its byte budget measures (infra/api-bundling.ts)', () => {
    // The handler file, plus the fixture's import()ed module as a chunk of its own (loaded on first use).
    const names = Object.keys(apiFiles).filter((name) => name.endsWith('.mjs'));
    expect(names).toContain('lambda.mjs');
    expect(names.filter((name) => /^lazy-part-[A-Z0-9]+\.mjs$/.test(name))).toHaveLength(1);
    expect(apiFiles['lambda.mjs']).toMatch(/import\(["']\.\/lazy-part-[A-Z0-9]+\.mjs["']\)/);
    expect(apiFiles['lambda.mjs']).toContain('statusCode:200'); // minified: no spaces
  });

  it('packages the PDF fonts where the backend resolves them, by package name (ADR 090)', async () => {
    const root = await packagedFunctionRoot('functions/api');
    for (const file of Object.values(PDF_FONT_FILES))
      expect(existsSync(path.join(root, 'node_modules', PDF_FONT_PACKAGE, file)), file).toBe(true);
    expect(existsSync(path.join(root, 'node_modules', PDF_FONT_PACKAGE, 'package.json'))).toBe(true);
  });

  it('has no single sign-on settings or secret in a stage without SSO_ISSUER (ADR 009)', () => {
    const env = (fn()?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(env).filter((name) => name.includes('SSO'))).toEqual([]);
    t.Api.resourceCountIs('Custom::SecretPrefetcher', 0);
  });

  it('logs to a stack-owned log group with bounded retention', () => {
    expect(fn()?.Properties.LoggingConfig).toEqual({
      LogGroup: { Ref: expect.stringMatching(/^ApiHandlerLogs/) },
    });
    t.Api.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
  });

  it('is routed as ANY /api/{proxy+} on the Web stack HTTP API', () => {
    t.Api.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'ANY /api/{proxy+}',
      ApiId: { 'Fn::ImportValue': Match.anyValue() },
    });
    t.Web.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
  });

  it('may read/write items of the table and its indexes, but not Scan', () => {
    const [ddb] = allowing('dynamodb:PutItem');
    expect(asArray(ddb?.statement.Action)).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
    );
    expect(JSON.stringify(ddb?.statement.Resource)).toContain('/index/*');
    expect(policy().flatMap((s) => asArray(s.statement.Action))).not.toContain('dynamodb:Scan');
  });

  it('may invoke the export function (ADR 033) and the report runner ("run now", ADR 041), no other', () => {
    const invoke = allowing('lambda:InvokeFunction');
    const targets = invoke.map((s) => JSON.stringify(s.statement.Resource));
    expect(targets.some((r) => r.includes('ExportRunner'))).toBe(true);
    expect(targets.some((r) => r.includes('ReportRunner'))).toBe(true);
    for (const r of targets) expect(r).toMatch(/ExportRunner|ReportRunner/);
  });

  it('may manage schedules of its group only and pass only the scheduler role', () => {
    const [manage] = allowing('scheduler:CreateSchedule');
    expect(asArray(manage?.statement.Action).sort()).toEqual([
      'scheduler:CreateSchedule',
      'scheduler:DeleteSchedule',
      'scheduler:GetSchedule',
      'scheduler:UpdateSchedule',
    ]);
    expect(JSON.stringify(manage?.statement.Resource)).toContain(':schedule/test-portal-reports/*');
    const [pass] = allowing('iam:PassRole');
    expect(pass?.statement.Resource).toEqual({ 'Fn::ImportValue': expect.stringContaining('SchedulerRole') });
    expect(pass?.statement.Condition).toEqual({
      StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
    });
  });

  it('may use the TOTP key for Encrypt/Decrypt only and send mail only as MAIL_FROM', () => {
    const [kms] = allowing('kms:Decrypt');
    expect(kms?.statement.Action).toEqual(['kms:Encrypt', 'kms:Decrypt']);
    const [ses] = allowing('ses:SendEmail');
    expect(ses?.statement.Action).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(JSON.stringify(ses?.statement.Resource)).toContain(':identity/*');
    expect(ses?.statement.Condition).toEqual({
      StringEquals: { 'ses:FromAddress': 'no-reply@test.portal.example.com' },
    });
  });
});

describe('Web', () => {
  const distribution = () => ofType(t.Web, 'AWS::CloudFront::Distribution')[0]?.[1].Properties.DistributionConfig;

  it('routes /api/* to the HTTP API uncached, all methods, all viewer values but Host', () => {
    const config = distribution() as unknown as {
      CacheBehaviors: Record<string, unknown>[];
      Origins: { Id: string; CustomOriginConfig?: object }[];
    };
    // Then the assets' two behaviours (the S3 bucket, cached; 'sends security headers on every response').
    expect(config.CacheBehaviors.map((b) => b.PathPattern)).toEqual(['/api/*', '/assets/pdf.worker*', '/assets/*']);
    const [api] = config.CacheBehaviors;
    expect(api).toMatchObject({
      PathPattern: '/api/*',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = config.Origins.find((o) => o.Id === api?.TargetOriginId);
    expect(origin?.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    for (const assets of config.CacheBehaviors.slice(1)) {
      expect(assets).toMatchObject({ Compress: true, CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6' }); // Managed-CachingOptimized
      expect(config.Origins.find((o) => o.Id === assets.TargetOriginId)).toHaveProperty('S3OriginConfig');
    }
  });

  it('serves the SPA with an edge fallback to index.html and no error-page rewriting of API errors', () => {
    const config = distribution() as unknown as Record<string, Record<string, unknown>>;
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior?.FunctionAssociations).toHaveLength(1);
    expect(config.DefaultRootObject).toBe('index.html');
    const fallback = ofType(t.Web, 'AWS::CloudFront::Function').find(([id]) => id.startsWith('SpaFallback'));
    const code = fallback?.[1].Properties.FunctionCode as string;
    // The deployed code itself, run: routes (dots allowed) become index.html or their section's page (ADR 131),
    // the site's files stay.
    const handler = new Function(`${code}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    const served = (uri: string) => handler({ request: { uri } }).uri;
    for (const route of ['/', '/connect', '/orders/123', '/connect/unknown/gen.transactions.P-2001'])
      expect(served(route), route).toBe('/index.html');
    expect(served('/connect/reports/gen.transactions.P-2001')).toBe('/sections/connect-reports-item.html');
    // The same rule as the local server's (documentOf), for every section, an address below it and a look-alike.
    for (const prefix of Object.keys(SECTION_PAGES))
      for (const route of [prefix, `${prefix}x`, `${prefix}/x.y`, `${prefix}x/y`]) expect(served(route), route).toBe(documentOf(route));
    expect(code.length).toBeLessThan(10_240); // CloudFront Functions' limit on a function's code
    for (const file of ['/assets/index-abc.js', '/assets/pdf.worker-x.mjs', '/index.html', '/favicon.ico', '/robots.txt'])
      expect(served(file), file).toBe(file);
  });

  const headersPolicies = () =>
    Object.fromEntries(
      ofType(t.Web, 'AWS::CloudFront::ResponseHeadersPolicy').map(([id, p]) => [
        id.replace(/[0-9A-F]{8}$/, ''),
        (p.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown> }).SecurityHeadersConfig,
      ]),
    );

  it('sends security headers on every response', () => {
    const common = {
      StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 31536000, IncludeSubdomains: true }),
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    };
    const policies = headersPolicies();
    expect(Object.keys(policies).sort()).toEqual(['ApiSecurityHeaders', 'AssetHeaders', 'SecurityHeaders']);
    t.Web.resourcePropertiesCountIs(
      'AWS::CloudFront::ResponseHeadersPolicy',
      { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: common } },
      2,
    );
    const config = distribution() as unknown as Record<string, Record<string, unknown>[]>;
    const [api] = config.CacheBehaviors ?? [];
    const site = config.DefaultCacheBehavior as unknown as Record<string, unknown>;
    const policyId = (name: string) => ({ Ref: expect.stringMatching(new RegExp(`^${name}[0-9A-F]{8}$`)) });
    expect(site.ResponseHeadersPolicyId).toEqual(policyId('SecurityHeaders'));
    expect(api?.ResponseHeadersPolicyId).toEqual(policyId('ApiSecurityHeaders'));
    // The hashed assets: the subresource headers only, except pdf.js's worker, matched first (site-headers.ts).
    const behaviours = (config.CacheBehaviors ?? []).map((b) => [b.PathPattern, b.ResponseHeadersPolicyId]);
    expect(behaviours.slice(1)).toEqual([
      ['/assets/pdf.worker*', policyId('SecurityHeaders')],
      ['/assets/*', policyId('AssetHeaders')],
    ]);
    expect(policies.AssetHeaders).toEqual({
      StrictTransportSecurity: expect.objectContaining({ AccessControlMaxAgeSec: 31536000 }),
      ContentTypeOptions: { Override: true },
    });
  });

  it("gives the site's HTML the Content-Security-Policy the local server sends, without 'unsafe-inline'", async () => {
    const csp = (headersPolicies().SecurityHeaders?.ContentSecurityPolicy ?? {}) as {
      ContentSecurityPolicy?: string;
      Override?: boolean;
    };
    expect(csp.Override).toBe(true);
    // The site's own directives plus the files bucket's origin for uploads and images (ADR 045).
    const files = awsFilesOrigin('eu-central-1');
    expect(csp.ContentSecurityPolicy).toBe(siteContentSecurityPolicy(siteCspWithFiles(files)));
    expect(csp.ContentSecurityPolicy).toContain(`connect-src 'self' ${files}`);
    expect(csp.ContentSecurityPolicy).toContain("script-src 'self'");
    expect(csp.ContentSecurityPolicy).toContain("style-src 'self';");
    expect(csp.ContentSecurityPolicy).toContain("frame-ancestors 'none'");
    expect(csp.ContentSecurityPolicy).not.toContain('unsafe-');
    // The local server, mounted on a throwaway dist/, sends exactly the same header.
    const dist = mkdtempSync(path.join(tmpdir(), 'site-'));
    try {
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
      const root = new Hono();
      mountWebFiles(root, dist, files);
      const page = await root.request('/orders');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toBe(csp.ContentSecurityPolicy);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
    // The API keeps the stricter policy the Lambda sets on each answer (default-src 'none').
    expect(headersPolicies().ApiSecurityHeaders?.ContentSecurityPolicy).toBeUndefined();
  });

  it('proves to the API that a request came through CloudFront with a per-stage generated secret', () => {
    const config = distribution() as unknown as {
      CacheBehaviors: { TargetOriginId: string }[];
      Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
    };
    const origin = config.Origins.find((o) => o.Id === config.CacheBehaviors[0]?.TargetOriginId);
    const [secretId, secret] = ofType(t.Web, 'AWS::SecretsManager::Secret')[0] ?? [];
    expect(secret?.Properties).toMatchObject({
      Name: 'test-portal-origin-verify',
      GenerateSecretString: { ExcludePunctuation: true, PasswordLength: 48 },
    });
    expect(secret?.Properties.SecretString).toBeUndefined();
    // A dynamic reference CloudFormation resolves at deploy: the value is never in the template.
    expect(origin?.OriginCustomHeaders).toEqual([
      {
        HeaderName: ORIGIN_VERIFY_HEADER,
        HeaderValue: {
          'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
        },
      },
    ]);
    const [, fn] = ofType(t.Api, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ApiHandler')) ?? [];
    expect((fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables.ORIGIN_VERIFY_SECRET).toBe(
      '{{resolve:secretsmanager:test-portal-origin-verify:SecretString:::}}',
    );
    // Only the site's origin carries it: the S3 origin gets no custom header.
    expect(config.Origins.filter((o) => o.OriginCustomHeaders)).toHaveLength(1);
  });

  it("keeps the API's execute-api endpoint, CloudFront's origin, in a stage without API_DOMAIN", () => {
    t.Web.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: false });
    t.Web.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
  });

  it('compresses the site at the edge, with a cache policy that lets CloudFront compress', () => {
    const site = (distribution() as unknown as Record<string, Record<string, unknown>>).DefaultCacheBehavior;
    expect(site?.Compress).toBe(true);
    expect(site?.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6'); // Managed-CachingOptimized: gzip + brotli
  });

  it('uploads index.html and the service worker never cached and every hashed asset immutable for a year', () => {
    const [, uploader] = ofType(t.Web, 'Custom::S3Uploader')[0] ?? [];
    const options = uploader?.Properties.fileOptions as { files: string | string[]; cacheControl: string }[];
    // SST's uploader gives each file the Cache-Control of the last option whose glob matches it.
    const cacheControl = (file: string) =>
      options.findLast((option) => asArray(option.files).some((glob) => path.matchesGlob(file, glob)))?.cacheControl;
    expect(cacheControl('index.html')).toMatch(/(^|,)no-cache(,|$)/);
    // The service worker is a .js without a hash (SST's default makes every .js immutable): never cached (ADR 091).
    expect(cacheControl('sw.js')).toMatch(/(^|,)no-cache(,|$)/);
    for (const asset of ['assets/index-Bx1y2Z3a.js', 'assets/index-Bx1y2Z3a.css', 'assets/logo-Bx1y2Z3a.svg'])
      expect(cacheControl(asset)).toBe('max-age=31536000,public,immutable');
  });

  it('publishes the built site without source maps', () => {
    // The fixture build writes assets/app.js.map next to app.js (tests/infra/fixtures/app/web/build.mjs).
    expect(siteFiles).toEqual(expect.arrayContaining(['index.html', 'assets/app.js']));
    expect(siteFiles.filter((f) => f.endsWith('.map'))).toEqual([]);
  });

  it('outputs the site URL', () => {
    t.Web.hasOutput('SiteUrl', {});
  });
});

describe('Migrations (ADR 075)', () => {
  it('runs the migrate function on create and on every update, after the code stacks, allowed to Scan the table only', () => {
    const fns = ofType(t.Migrations, 'AWS::Lambda::Function').filter(([, fn]) =>
      String(fn.Properties.Handler).endsWith('functions/jobs/migrate.handler'),
    );
    expect(fns).toHaveLength(2);
    for (const [, fn] of fns) expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Timeout: 900 });
    t.Migrations.resourceCountIs('Custom::SSTScript', 1);
    const scans = statements(t.Migrations).filter((s) => asArray(s.statement.Action).includes('dynamodb:Scan'));
    expect(scans).toHaveLength(2);
    for (const s of scans) expect(JSON.stringify(s.statement.Resource)).not.toContain('/index/');
  });
});

describe('Monitoring', () => {
  const alarm = (prefix: string) => ofType(t.Monitoring, 'AWS::CloudWatch::Alarm').find(([id]) => id.startsWith(prefix))?.[1].Properties;

  it('alarms on API 5xx answers and on a message in the scheduler DLQ or the mail events DLQ, notifying the alarm topic', () => {
    const [topic] = ofType(t.Monitoring, 'AWS::SNS::Topic').map(([id]) => id);
    expect(alarm('Api5xxAlarm')).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Dimensions: [{ Name: 'ApiId', Value: { 'Fn::ImportValue': expect.stringContaining('Http') } }],
      Statistic: 'Sum',
      Period: 300,
      Threshold: 5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: topic }],
    });
    expect(alarm('SchedulerDlqAlarm')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::ImportValue': expect.stringContaining('SchedulerDlq') } }],
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: topic }],
    });
    expect(alarm('MailEventsDlqAlarm')).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::ImportValue': expect.stringContaining('MailEventsDlq') } }],
      Threshold: 1,
      AlarmActions: [{ Ref: topic }],
    });
    // The delivery queue (ADR 110): a job failing for good, and a delivery waiting past the rush's stated drain.
    expect(alarm('ReportDeliveryDlqAlarm')).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::ImportValue': expect.stringContaining('ReportDeliveryDlq') } }],
      Threshold: 1,
      AlarmActions: [{ Ref: topic }],
    });
    expect(alarm('ReportDeliveryWaitAlarm')).toMatchObject({
      MetricName: 'ApproximateAgeOfOldestMessage',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::ImportValue': expect.stringContaining('ReportDeliveryQueue') } }],
      Threshold: 3600,
      AlarmActions: [{ Ref: topic }],
    });
    t.Monitoring.resourceCountIs('AWS::SNS::Subscription', 0); // no ALARM_EMAIL in this stage
  });

  it("alarms on the API's p99 latency, and on errors and throttles of every function of the app (ADR 093)", () => {
    const [topic] = ofType(t.Monitoring, 'AWS::SNS::Topic').map(([id]) => id);
    expect(alarm('ApiLatencyP99Alarm')).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: 3000, // API_P99_ALARM_MS (infra/monitoring.ts loads SST: not imported here)
      EvaluationPeriods: 3,
      AlarmActions: [{ Ref: topic }],
    });
    for (const fn of ['ApiHandler', 'ReportRunner', 'ReportDelivery', 'ExportRunner', 'MailEvents', 'ImportWorker']) {
      expect(alarm(`${fn}ErrorsAlarm`), fn).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: 'Errors',
        Threshold: 1,
        AlarmActions: [{ Ref: topic }],
      });
      expect(alarm(`${fn}ThrottlesAlarm`), fn).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles', Threshold: 1 });
    }
    // The report runner's reserved concurrency throttles on the 1st by design (ADR 077): only half an hour of it alarms.
    expect(alarm('ReportRunnerThrottlesAlarm')).toMatchObject({ EvaluationPeriods: 6 });
    expect(alarm('ApiHandlerThrottlesAlarm')).toMatchObject({ EvaluationPeriods: 1 });
  });

  it('alarms on table throttles and system errors, the SES reputation, Scheduler failures and overdue report parts (ADR 093)', () => {
    const metricNames = (id: string) => JSON.stringify(alarm(id)?.Metrics);
    expect(metricNames('TableThrottlesAlarm')).toContain('ThrottledRequests');
    expect(metricNames('TableSystemErrorsAlarm')).toContain('SystemErrors');
    expect(alarm('TableThrottlesAlarm')).toMatchObject({ Threshold: 1 });
    expect(alarm('SesBounceRateAlarm')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate', Threshold: 0.02 });
    expect(alarm('SesComplaintRateAlarm')).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.ComplaintRate',
      Threshold: 0.0005,
    });
    expect(alarm('SchedulerTargetErrorsAlarm')).toMatchObject({ Namespace: 'AWS/Scheduler', MetricName: 'TargetErrorCount', Threshold: 1 });
    expect(alarm('SchedulerDroppedAlarm')).toMatchObject({
      Namespace: 'AWS/Scheduler',
      MetricName: 'InvocationDroppedCount',
      Threshold: 1,
    });
    // Counted by the report runner's slots sweep (an EMF line, report-jobs-from-config.ts), per stage.
    expect(alarm('ReportPartsOverdueAlarm')).toMatchObject({
      Namespace: 'Portal/Reports',
      MetricName: 'OverdueReportParts',
      Dimensions: [{ Name: 'Stage', Value: 'test' }],
      Statistic: 'Sum',
      Threshold: 1,
    });
  });

  it('has one dashboard for the stage showing every alarm', () => {
    const [[, dashboard]] = ofType(t.Monitoring, 'AWS::CloudWatch::Dashboard') as [[string, { Properties: Record<string, unknown> }]];
    expect(dashboard.Properties.DashboardName).toBe('test-portal-operations');
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const [id] of ofType(t.Monitoring, 'AWS::CloudWatch::Alarm')) expect(body, id).toContain(id);
  });
});

describe('cfn-lint and cdk-nag (ADR 093)', () => {
  it('passes cfn-lint in the dev stage: no error, no unexplained warning', () => {
    expect(cfnLintFindings(t)).toEqual([]);
  });

  it('has no cdk-nag AwsSolutions finding that infra/nag.ts does not suppress, and every suppression says why', () => {
    expect(nagFindings(t)).toEqual([]);
    const suppressions = nagSuppressions(t);
    expect(suppressions.length).toBeGreaterThan(0);
    expect(suppressions.filter(({ reason }) => reason.trim().split(/\s+/).length < 8)).toEqual([]);
  });
});

describe('IAM', () => {
  // Resource "*" only where AWS offers nothing narrower: X-Ray (SST enables active tracing) and the
  // KMS key policy, where "*" means "this key" and the account-root statement lets IAM policies grant it.
  const wildcardAllowed = (s: ReturnType<typeof statements>[number]) =>
    asArray(s.statement.Action).every((a) => a.startsWith('xray:')) ||
    (s.type === 'AWS::KMS::Key' && JSON.stringify(s.statement).includes(':root'));

  it('has no Allow statement with Action "*" or an unwarranted Resource "*"', () => {
    const offending = Object.values(t)
      .flatMap((template) => statements(template))
      .filter((s) => s.statement.Effect === 'Allow')
      .filter((s) => asArray(s.statement.Action).includes('*') || (asArray(s.statement.Resource).includes('*') && !wildcardAllowed(s)));
    expect(offending).toEqual([]);
  });
});

// Further syntheses in the same worker work: initProject and a new App replace SST's process-wide state.
// They stay in this one file on purpose: every synthesis rewrites <root>/.sst/types, which two parallel
// workers would race on.
const ENTRA_ISSUER = 'https://login.microsoftonline.com/11111111-2222-3333-4444-555555555555/v2.0';

describe('prod stage', () => {
  let t: Awaited<ReturnType<typeof synth>>;

  beforeAll(async () => {
    t = await synth('prod', {
      env: {
        MAIL_DOMAIN: 'mail.portal.example.org',
        SSO_ISSUER: ENTRA_ISSUER,
        SSO_CLIENT_ID: 'prod-client-id',
        ALARM_EMAIL: 'ops@portal.example.org',
      },
    });
  });

  it('passes cfn-lint (what CloudFormation would refuse; no unexplained warning) and cdk-nag', () => {
    expect(cfnLintFindings(t)).toEqual([]);
    expect(nagFindings(t)).toEqual([]);
  });

  it('runs the SFTP server in prod without being asked (ADR 039 addendum: other stages switch it on)', () => {
    t.Jobs.resourceCountIs('AWS::Transfer::Server', 1);
  });

  it('keeps point-in-time recovery and deletion protection on the prod table, warmed for the import peak and the 1st of the month (ADR 067, ADR 077)', () => {
    // The runner's reads at its reserved concurrency (~92 RCU/s each) beside the fleet's ~9,300 RCU/s.
    expect(PROD_WARM_THROUGHPUT.readUnitsPerSecond).toBeGreaterThanOrEqual(9_300 + REPORT_RUNNER_CONCURRENCY * 92);
    t.Storage.hasResourceProperties('AWS::DynamoDB::Table', {
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      WarmThroughput: {
        ReadUnitsPerSecond: PROD_WARM_THROUGHPUT.readUnitsPerSecond,
        WriteUnitsPerSecond: PROD_WARM_THROUGHPUT.writeUnitsPerSecond,
      },
    });
  });

  it("reserves the report runner's concurrency (ADR 077): every report invocation within the table's warm reads", () => {
    const runner = ofType(t.Jobs, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ReportRunner'));
    expect(runner?.[1].Properties.ReservedConcurrentExecutions).toBe(REPORT_RUNNER_CONCURRENCY);
  });

  it('switches the execute-api endpoint off with API_DOMAIN, and CloudFront reaches the API on that domain', async () => {
    const withDomain = await synth('prod', {
      env: {
        MAIL_DOMAIN: 'mail.portal.example.org',
        API_DOMAIN: 'api.portal.example.org',
        API_CERTIFICATE_ARN: 'arn:aws:acm:eu-central-1:123456789012:certificate/abc',
      },
    });
    withDomain.Web.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    withDomain.Web.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.portal.example.org',
    });
    withDomain.Web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: 'api.portal.example.org',
            OriginCustomHeaders: [Match.objectLike({ HeaderName: ORIGIN_VERIFY_HEADER })],
          }),
        ]),
      }),
    });
    withDomain.Web.hasOutput('ApiDomainTarget', {});
    expect(cfnLintFindings(withDomain)).toEqual([]);
    expect(nagFindings(withDomain)).toEqual([]);
    await expect(synth('prod', { env: { MAIL_DOMAIN: 'mail.portal.example.org', API_DOMAIN: 'api.portal.example.org' } })).rejects.toThrow(
      /API_DOMAIN and API_CERTIFICATE_ARN/,
    );
  }, 240_000);

  it('mails the alarms to ALARM_EMAIL', () => {
    t.Monitoring.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@portal.example.org',
    });
    // Errors and throttles of the SFTP identity function too: prod runs the server (ADR 039).
    t.Monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmDescription: Match.stringLikeRegexp('^SftpIdentity failed') });
  });

  it('gives the API the Entra ID issuer and client id and binds the secret from SSM (ADR 009)', () => {
    const [, fn] = ofType(t.Api, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ApiHandler')) ?? [];
    const env = (fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).toMatchObject({
      SSO_ISSUER: ENTRA_ISSUER,
      SSO_CLIENT_ID: 'prod-client-id',
      // The variable the backend reads; the deploy's prefetcher replaces the placeholder with the value.
      SST_Secret_value_SSO_CLIENT_SECRET: '__FETCH_FROM_SSM__',
    });
    expect(env.SSO_CLIENT_SECRET).toBeUndefined();
    t.Api.resourceCountIs('Custom::SecretPrefetcher', 1);
    const read = statements(t.Api).filter((s) => asArray(s.statement.Action).includes('ssm:GetParameters'));
    expect(JSON.stringify(read.map((s) => s.statement.Resource))).toContain('/sst/portal/prod/Secret/SSO_CLIENT_SECRET/value');
  });

  it('refuses half a single sign-on setup', async () => {
    await expect(synth('prod', { env: { MAIL_DOMAIN: 'mail.portal.example.org', SSO_ISSUER: ENTRA_ISSUER } })).rejects.toThrow(
      /SSO_ISSUER and SSO_CLIENT_ID must be set together/,
    );
  });

  it('retains the table, the buckets and the TOTP key when the stage is removed', () => {
    for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::KMS::Key']) {
      const resources = Object.values(t.Storage.findResources(type));
      expect(resources.length, type).toBeGreaterThan(0);
      for (const r of resources) expect(r, type).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    }
    t.Storage.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    t.Storage.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
  });

  it('sends from the configured domain', () => {
    t.Email.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mail.portal.example.org' });
    t.Email.hasOutput('MailFrom', { Value: 'no-reply@mail.portal.example.org' });
  });

  it('refuses to synthesize prod without MAIL_DOMAIN', async () => {
    await expect(synth('prod')).rejects.toThrow(/MAIL_DOMAIN must be set/);
  });
});

describe('sst remove', () => {
  // Inactive stacks build nothing and have no distribution; the stacks must still synthesize.
  it('synthesizes every stack in remove mode', async () => {
    const t = await synth('test', { mode: 'remove' });
    t.Storage.resourceCountIs('AWS::DynamoDB::Table', 1);
    t.Web.resourceCountIs('AWS::CloudFront::Distribution', 0);
  });
});
