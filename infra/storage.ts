import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BillingMode } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket as CdkBucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Bucket, type BucketProps, type StackContext, Table, use } from 'sst/constructs';
import { LOGO_STAGED_IMAGE_DAYS } from '@portal/backend/logo';
import { PROD_WARM_THROUGHPUT } from '@portal/backend/platform/db';
import { importQueues } from './imports.ts';
import { Web } from './web.ts';

/** The single table (ARCHITECTURE convention 4), the two buckets and the key that wraps TOTP secrets. */
export function Storage({ stack, app }: StackContext) {
  const { siteUrl } = use(Web);

  const table = new Table(stack, 'Data', {
    fields: {
      pk: 'string',
      sk: 'string',
      gsi1pk: 'string',
      gsi1sk: 'string',
      gsi2pk: 'string',
      gsi2sk: 'string',
      gsi3pk: 'string',
      gsi3sk: 'string',
    },
    primaryIndex: { partitionKey: 'pk', sortKey: 'sk' },
    globalIndexes: {
      gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'all' },
      gsi2: { partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'all' },
      gsi3: { partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: 'all' },
    },
    // Sessions, OTP codes and idempotency records expire by themselves.
    timeToLiveAttribute: 'expiresAt',
    cdk: {
      table: {
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecovery: true,
        deletionProtection: app.stage === 'prod',
        // Pre-warmed from day one for the import peak (ADR 067) and the 1st of the month's reports (ADR 077).
        ...(app.stage === 'prod' ? { warmThroughput: PROD_WARM_THROUGHPUT } : {}),
      },
    },
  });

  // S3 server access logs of the two buckets (ADR 093): who read, wrote or deleted which object, kept 90 days.
  // It logs nothing itself; server access logging delivers to SSE-S3 buckets only.
  const accessLogs = new CdkBucket(stack, 'AccessLogs', {
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    lifecycleRules: [{ id: 'ExpireAccessLogs', expiration: Duration.days(90) }],
    removalPolicy: app.stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    autoDeleteObjects: app.stage !== 'prod',
  });

  // The browser uploads and downloads with presigned URLs straight from S3, so only the site's origin may.
  const bucketProps: BucketProps = {
    blockPublicACLs: true, // BLOCK_ALL + bucket-owner-enforced ownership; SST already sets enforceSSL
    cors: [
      {
        allowedMethods: ['GET', 'PUT', 'POST', 'HEAD'], // POST: workflow uploads (presigned POST, ADR 045)
        allowedOrigins: [siteUrl],
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag'],
        maxAge: '1 hour',
      },
    ],
  };
  /** What both buckets' own settings start from: SSE-S3, TLS only, their access logs under `logPrefix` (ADR 093). */
  const loggedBucket = (logPrefix: string) => ({
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    serverAccessLogsBucket: accessLogs,
    serverAccessLogsPrefix: logPrefix,
  });
  // Documents, logos, workflow request files; browser uploads land under workflow-uploads/pending/ and are
  // copied out once verified (ADR 045): what was never completed goes after a day. Versioned (ADR
  // 105): an object overwritten or deleted by mistake (an operator, a bug) can be got back for 30 days;
  // the portal's own document versions are separate objects and rows, which s3rver serves alike.
  const files = new Bucket(stack, 'Files', {
    ...bucketProps,
    cdk: {
      bucket: {
        ...loggedBucket('files/'),
        versioned: true,
        lifecycleRules: [
          {
            id: 'ExpirePendingUploads',
            prefix: 'workflow-uploads/pending/',
            expiration: Duration.days(1),
            noncurrentVersionExpiration: Duration.days(1),
          },
          // Staged logo images never saved (ADR 106): a save copies them to logos/; the row lives 90 days.
          {
            id: 'ExpireStagedLogos',
            prefix: 'logos/staged/',
            expiration: Duration.days(LOGO_STAGED_IMAGE_DAYS),
            noncurrentVersionExpiration: Duration.days(1),
          },
          { id: 'ExpireNoncurrentVersions', noncurrentVersionExpiration: Duration.days(30) },
        ],
      },
    },
  });
  // Generated report files. Export files are downloaded right after their job (ADR 033): gone after a
  // day, unfinished multipart uploads too.
  const reports = new Bucket(stack, 'Reports', {
    ...bucketProps,
    cdk: {
      bucket: {
        ...loggedBucket('reports/'),
        lifecycleRules: [
          { id: 'ExpireExports', prefix: 'exports/', expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) },
          // Report files (ADR 041): kept REPORT_FILE_RETENTION_DAYS (core; the infra test holds them equal),
          // when their list items expire (TTL) too; a fanned-out run's unjoined parts go with unfinished uploads.
          { id: 'ExpireReports', prefix: 'reports/', expiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(1) },
          // Report files copied for customers to fetch over SFTP (ADR 039): kept 30 days.
          { id: 'ExpireSftpCopies', prefix: 'sftp/', expiration: Duration.days(30), abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ],
      },
    },
  });

  // Files arriving under the import prefixes start an import (ADR 069).
  const imports = importQueues(stack, reports.cdk.bucket);

  const totpKey = new Key(stack, 'TotpKey', {
    description: `Encrypts users' TOTP secrets (${app.stage})`,
    enableKeyRotation: true,
  });

  /**
   * Item reads and writes on the table and its indexes. Deliberately without Scan (no Scan in any request
   * path, ARCHITECTURE convention 4) and stream reads; transactions need no actions of their own.
   */
  const grantData = (grantee: IGrantable) =>
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
          'dynamodb:BatchWriteItem',
          'dynamodb:ConditionCheckItem',
        ],
        resources: [table.tableArn, `${table.tableArn}/index/*`],
      }),
    );

  return { table, files, reports, accessLogs, totpKey, grantData, ...imports };
}
