import { CfnOutput, Stack } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { CfnServer } from 'aws-cdk-lib/aws-transfer';
import { Config, Function as SstFunction, type StackContext } from 'sst/constructs';

/** The reports bucket's prefix SFTP serves: `sftp/<customerId>/...` (ADR 039). */
export const SFTP_PREFIX = 'sftp';
/** The portal's own (service) user of the server, the report runner's SFTP_USER. */
export const SFTP_SERVICE_USER = 'portal-reports';

/**
 * "Copied by FTP" (ADR 039 and its addendum): an AWS Transfer Family SFTP server over the reports bucket's
 * `sftp/` prefix whose logins are decided by a Lambda (a custom identity provider) from the same `sftpUsers`
 * records the local SFTP server reads: customers log in by key or by password, each with a logical home `/`
 * = `sftp/<customerId>` and a session policy for that folder; the portal's service user (key only) sees the
 * whole prefix and puts each customer's files into `<customerId>/...`. One role, scoped to `sftp/*`, for all.
 *
 * Deploy inputs, all optional: SFTP_SERVER (`on`/`off`; default on for prod only: the endpoint costs about
 * USD 220 a month whether used or not), SFTP_SERVICE_PUBLIC_KEY (the service user's public key; its private
 * key is the SST secret SFTP_PRIVATE_KEY) and SFTP_HOST_KEY_SHA256 (the server's host key fingerprint, known
 * after the first deploy). Until all are there the runner gets no SFTP settings: deliveries report "SFTP not
 * configured".
 */
export function reportsSftp(
  stack: StackContext['stack'],
  bucket: IBucket,
  app: { environment: Record<string, string>; grantData: (grantee: IGrantable) => void },
) {
  const enabled = process.env.SFTP_SERVER ? process.env.SFTP_SERVER === 'on' : stack.stage === 'prod';
  if (process.env.SFTP_SERVER && !['on', 'off'].includes(process.env.SFTP_SERVER))
    throw new Error('SFTP_SERVER must be on or off (ADR 039)');
  const none: Record<string, string> = {};
  if (!enabled) return { server: undefined, environment: none, bind: [] };

  const logs = new LogGroup(stack, 'SftpLogs', { retention: RetentionDays.THREE_MONTHS });
  const loggingRole = new Role(stack, 'SftpLoggingRole', {
    assumedBy: new ServicePrincipal('transfer.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': stack.account } } }),
  });
  loggingRole.addToPolicy(
    new PolicyStatement({
      actions: ['logs:CreateLogStream', 'logs:PutLogEvents', 'logs:DescribeLogStreams'],
      resources: [logs.logGroupArn, `${logs.logGroupArn}:*`],
    }),
  );

  // What every SFTP user may do, on sftp/* only; a user's logical home narrows it to its own folder.
  const userRole = new Role(stack, 'SftpUserRole', {
    assumedBy: new ServicePrincipal('transfer.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': stack.account } } }),
  });
  userRole.addToPolicy(
    new PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [bucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': [`${SFTP_PREFIX}/*`, `${SFTP_PREFIX}/`, SFTP_PREFIX] } },
    }),
  );
  userRole.addToPolicy(new PolicyStatement({ actions: ['s3:GetBucketLocation'], resources: [bucket.bucketArn] }));
  userRole.addToPolicy(
    new PolicyStatement({
      actions: ['s3:GetObject', 's3:GetObjectVersion', 's3:PutObject', 's3:DeleteObject', 's3:DeleteObjectVersion'],
      resources: [bucket.arnForObjects(`${SFTP_PREFIX}/*`)],
    }),
  );

  const servicePublicKey = process.env.SFTP_SERVICE_PUBLIC_KEY || undefined;
  const hostKeySha256 = process.env.SFTP_HOST_KEY_SHA256 || undefined;
  if (servicePublicKey && !/^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp\d+) [A-Za-z0-9+/]+={0,3}( .*)?$/.test(servicePublicKey))
    throw new Error('SFTP_SERVICE_PUBLIC_KEY must be an OpenSSH public key line (ADR 039)');

  // Every login asks this function (functions/jobs/sftp-identity.ts): it reads sftpUsers and counts password tries.
  const identity = new SstFunction(stack, 'SftpIdentity', {
    handler: 'functions/jobs/sftp-identity.handler',
    memorySize: '256 MB',
    timeout: '10 seconds',
    environment: {
      ...app.environment,
      SFTP_PREFIX,
      SFTP_SERVICE_USER,
      SFTP_USER_ROLE_ARN: userRole.roleArn,
      ...(servicePublicKey ? { SFTP_SERVICE_PUBLIC_KEY: servicePublicKey } : {}),
    },
    logGroup: new LogGroup(stack, 'SftpIdentityLogs', { retention: RetentionDays.THREE_MONTHS }),
  });
  app.grantData(identity); // reads SFTP_USER# items, counts RATE# windows

  const server = new CfnServer(stack, 'SftpServer', {
    protocols: ['SFTP'],
    identityProviderType: 'AWS_LAMBDA',
    identityProviderDetails: { function: identity.functionArn, sftpAuthenticationMethods: 'PUBLIC_KEY_OR_PASSWORD' },
    domain: 'S3',
    endpointType: 'PUBLIC',
    securityPolicyName: 'TransferSecurityPolicy-2024-01',
    loggingRole: loggingRole.roleArn,
    structuredLogDestinations: [logs.logGroupArn],
  });
  identity.addPermission('TransferCallsIdentity', {
    principal: new ServicePrincipal('transfer.amazonaws.com'),
    sourceArn: server.attrArn,
  });

  new CfnOutput(stack, 'SftpServerId', { value: server.attrServerId });

  const host = `${server.attrServerId}.server.transfer.${Stack.of(stack).region}.amazonaws.com`;
  const configured = Boolean(servicePublicKey && hostKeySha256);
  const environment: Record<string, string> =
    servicePublicKey && hostKeySha256
      ? { SFTP_HOST: host, SFTP_PORT: '22', SFTP_USER: SFTP_SERVICE_USER, SFTP_HOST_KEY_SHA256: hostKeySha256 }
      : {};
  return {
    server,
    userRole,
    host,
    /** The report runner's SFTP settings and its bound private key: all or none (config.ts). */
    environment,
    bind: configured ? [new Config.Secret(stack, 'SFTP_PRIVATE_KEY')] : [],
  };
}
