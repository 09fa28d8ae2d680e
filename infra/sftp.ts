import { CfnOutput, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { CfnServer, CfnUser } from 'aws-cdk-lib/aws-transfer';
import { Config, type StackContext } from 'sst/constructs';

/** The reports bucket's prefix SFTP serves: `sftp/<customerId>/...` (ADR 039). */
export const SFTP_PREFIX = 'sftp';
/** The portal's own (service) user of the server, the report runner's SFTP_USER. */
export const SFTP_SERVICE_USER = 'portal-reports';

/**
 * "Copied by FTP" (ADR 039): an AWS Transfer Family SFTP server with service-managed users over the
 * reports bucket's `sftp/` prefix. The portal's service user sees the whole prefix and puts each
 * customer's files into `<customerId>/...`; customers' users are created by the operator (ADR 039), each
 * with a logical home `/` = `sftp/<customerId>`, which it cannot leave. One role, scoped to `sftp/*`, for all.
 *
 * Deploy inputs, all optional: SFTP_SERVICE_PUBLIC_KEY (the service user's public key; its private key is
 * the SST secret SFTP_PRIVATE_KEY) and SFTP_HOST_KEY_SHA256 (the server's host key fingerprint, known after
 * the first deploy). Until both are given the runner gets no SFTP settings: deliveries report "SFTP not
 * configured".
 */
export function reportsSftp(stack: StackContext['stack'], bucket: IBucket) {
  const logs = new LogGroup(stack, 'SftpLogs', { retention: RetentionDays.THREE_MONTHS });
  const loggingRole = new Role(stack, 'SftpLoggingRole', {
    assumedBy: new ServicePrincipal('transfer.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': stack.account } } }),
  });
  loggingRole.addToPolicy(
    new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents', 'logs:DescribeLogStreams'], resources: [logs.logGroupArn, `${logs.logGroupArn}:*`] }),
  );

  const server = new CfnServer(stack, 'SftpServer', {
    protocols: ['SFTP'],
    identityProviderType: 'SERVICE_MANAGED',
    domain: 'S3',
    endpointType: 'PUBLIC',
    securityPolicyName: 'TransferSecurityPolicy-2024-01',
    loggingRole: loggingRole.roleArn,
    structuredLogDestinations: [logs.logGroupArn],
  });

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
  if (servicePublicKey) {
    new CfnUser(stack, 'SftpServiceUser', {
      serverId: server.attrServerId,
      userName: SFTP_SERVICE_USER,
      role: userRole.roleArn,
      homeDirectoryType: 'LOGICAL',
      homeDirectoryMappings: [{ entry: '/', target: `/${bucket.bucketName}/${SFTP_PREFIX}` }],
      sshPublicKeys: [servicePublicKey],
    });
  }

  // What the operator needs to add a customer's user (ADR 039).
  new CfnOutput(stack, 'SftpServerId', { value: server.attrServerId });
  new CfnOutput(stack, 'SftpUserRoleArn', { value: userRole.roleArn });

  const host = `${server.attrServerId}.server.transfer.${Stack.of(stack).region}.amazonaws.com`;
  const configured = Boolean(servicePublicKey && hostKeySha256);
  return {
    server,
    userRole,
    host,
    /** The report runner's SFTP settings and its bound private key: all or none (config.ts). */
    environment: (configured ? { SFTP_HOST: host, SFTP_PORT: '22', SFTP_USER: SFTP_SERVICE_USER, SFTP_HOST_KEY_SHA256: hostKeySha256! } : {}) as Record<string, string>,
    bind: configured ? [new Config.Secret(stack, 'SFTP_PRIVATE_KEY')] : [],
  };
}
