import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { asArray, cfnLintFindings, nagFindings, statements, synth } from './synth.ts';

/**
 * "Copied by FTP" on AWS (ADR 039 and addendum): Transfer Family over the reports bucket's sftp/ prefix, its
 * logins decided by the SftpIdentity Lambda (custom identity provider over sftpUsers), its users' role scoped
 * to that prefix, and the report runner's SFTP settings, in a stage that switches the server on and gives the
 * deploy inputs. A stage that does not switch it on (no server: it costs by the hour; deliveries answer "SFTP
 * not configured") is the dev stage of stacks.test.ts: one synthesis per stage setup, each taking seconds.
 */
// Not imported from infra/sftp.ts: SST must not load before synth() changes the working directory.
const SFTP_SERVICE_USER = 'portal-reports';
const SERVICE_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHJvB7gqvZk7q8f3yZ0m2cQn5m6yR0aQ3k6m4a1sT2Xb portal-reports';
const HOST_KEY = 'SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU';

let configured: Awaited<ReturnType<typeof synth>>;

beforeAll(async () => {
  configured = await synth('sftp', { env: { SFTP_SERVER: 'on', SFTP_SERVICE_PUBLIC_KEY: SERVICE_KEY, SFTP_HOST_KEY_SHA256: HOST_KEY } });
});

type Resource = { Properties: Record<string, unknown> };
const ofType = (template: Template, type: string) => Object.entries(template.findResources(type)) as [string, Resource][];
const runnerEnv = (template: Template) => {
  const [, fn] = ofType(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ReportRunner'))!;
  return (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
};
const json = (value: unknown) => JSON.stringify(value);

describe('SFTP delivery on AWS (ADR 039)', () => {
  it('has one public SFTP-only Transfer Family server on S3 whose logins the SftpIdentity Lambda decides, logging to its own group', () => {
    configured.Jobs.resourceCountIs('AWS::Transfer::Server', 1);
    const [identityId] = ofType(configured.Jobs, 'AWS::Lambda::Function').find(([id]) => id.startsWith('SftpIdentity'))!;
    configured.Jobs.hasResourceProperties('AWS::Transfer::Server', {
      Protocols: ['SFTP'],
      IdentityProviderType: 'AWS_LAMBDA',
      IdentityProviderDetails: { Function: { 'Fn::GetAtt': [identityId, 'Arn'] }, SftpAuthenticationMethods: 'PUBLIC_KEY_OR_PASSWORD' },
      Domain: 'S3',
      EndpointType: 'PUBLIC',
      SecurityPolicyName: Match.stringLikeRegexp('^TransferSecurityPolicy-20'),
      LoggingRole: Match.anyValue(),
      StructuredLogDestinations: Match.anyValue(),
    });
    // Only that server may call the function.
    const [serverId] = ofType(configured.Jobs, 'AWS::Transfer::Server')[0]!;
    configured.Jobs.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [identityId, 'Arn'] },
      Principal: 'transfer.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [serverId, 'Arn'] },
    });
  });

  it("gives the identity Lambda the users' role, the prefix and the service user's key, and no link key; no Transfer users are deployed", () => {
    configured.Jobs.resourceCountIs('AWS::Transfer::User', 0); // every login comes from sftpUsers (ADR 039 addendum)
    const [, fn] = ofType(configured.Jobs, 'AWS::Lambda::Function').find(([id]) => id.startsWith('SftpIdentity'))!;
    const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).toMatchObject({ SFTP_PREFIX: 'sftp', SFTP_SERVICE_USER, SFTP_SERVICE_PUBLIC_KEY: SERVICE_KEY });
    expect(json(env.SFTP_USER_ROLE_ARN)).toMatch(/SftpUserRole.*Arn/);
    expect(env.TABLE_NAME).toBeDefined();
    expect(env.REPORT_LINK_KEY).toBeUndefined();
  });

  it("gives SFTP users a role that reaches the reports bucket's sftp/* only", () => {
    const [roleId] = ofType(configured.Jobs, 'AWS::IAM::Role').find(([id]) => id.startsWith('SftpUserRole'))!;
    const role = configured.Jobs.toJSON().Resources[roleId];
    expect(json(role.Properties.AssumeRolePolicyDocument)).toContain('transfer.amazonaws.com');
    expect(json(role.Properties.AssumeRolePolicyDocument)).toContain('aws:SourceAccount');
    const granted = statements(configured.Jobs).filter(({ logicalId }) => logicalId.startsWith('SftpUserRoleDefaultPolicy'));
    expect(granted.length).toBeGreaterThan(0);
    for (const { statement } of granted) {
      const actions = asArray(statement.Action);
      expect(actions.every((a) => a.startsWith('s3:'))).toBe(true);
      const objectActions = actions.filter((a) => a.includes('Object'));
      if (objectActions.length) expect(json(statement.Resource)).toMatch(/\/sftp\/\*"\]\]\}$/);
      if (actions.includes('s3:ListBucket')) expect(json(statement.Condition)).toContain('"s3:prefix"');
    }
  });

  it("gives the report runner the server's host, the service user, the pinned host key and the bound private key", () => {
    const env = runnerEnv(configured.Jobs);
    expect(env).toMatchObject({ SFTP_PORT: '22', SFTP_USER: SFTP_SERVICE_USER, SFTP_HOST_KEY_SHA256: HOST_KEY });
    expect(json(env.SFTP_HOST)).toMatch(/SftpServer.*ServerId.*\.server\.transfer\.eu-central-1\.amazonaws\.com/);
    // The private key is an SST secret, bound and prefetched at deploy; never a value in the template.
    expect(Object.keys(env)).toContain('SST_Secret_value_SFTP_PRIVATE_KEY');
    expect(json(configured.Jobs.toJSON())).not.toContain('PRIVATE KEY');
  });

  it("gives the API the same settings and bound key: a resend of a report's SFTP copy runs there (ADR 042)", () => {
    const [, api] = ofType(configured.Api, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ApiHandler'))!;
    const env = (api.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).toMatchObject({ SFTP_PORT: '22', SFTP_USER: SFTP_SERVICE_USER, SFTP_HOST_KEY_SHA256: HOST_KEY });
    expect(Object.keys(env)).toContain('SST_Secret_value_SFTP_PRIVATE_KEY');
    expect(json(configured.Api.toJSON())).not.toContain('PRIVATE KEY');
  });

  it('expires the SFTP copies after 30 days (lifecycle on sftp/ of the reports bucket)', () => {
    const rules = ofType(configured.Storage, 'AWS::S3::Bucket').flatMap(
      ([, b]) => (b.Properties.LifecycleConfiguration as { Rules: object[] } | undefined)?.Rules ?? [],
    );
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: 'sftp/', Status: 'Enabled', ExpirationInDays: 30 }));
  });

  it('passes cfn-lint (no error, no unexplained warning) and cdk-nag in a stage with the server (the Transfer server among them)', () => {
    expect(cfnLintFindings(configured)).toEqual([]);
    expect(nagFindings(configured)).toEqual([]);
  });
});
