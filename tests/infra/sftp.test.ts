import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { asArray, statements, synth } from './synth.ts';

/**
 * "Copied by FTP" on AWS (ADR 039): Transfer Family over the reports bucket's sftp/ prefix, its users' role
 * scoped to that prefix, and the report runner's SFTP settings, in a stage that gives the deploy inputs and
 * in one that does not (SFTP then stays unconfigured: deliveries answer "SFTP not configured").
 */
// Not imported from infra/sftp.ts: SST must not load before synth() changes the working directory.
const SFTP_SERVICE_USER = 'portal-reports';
const SERVICE_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHJvB7gqvZk7q8f3yZ0m2cQn5m6yR0aQ3k6m4a1sT2Xb portal-reports';
const HOST_KEY = 'SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU';

let configured: Awaited<ReturnType<typeof synth>>;
let plain: Awaited<ReturnType<typeof synth>>;

beforeAll(async () => {
  plain = await synth('test');
  configured = await synth('sftp', { env: { SFTP_SERVICE_PUBLIC_KEY: SERVICE_KEY, SFTP_HOST_KEY_SHA256: HOST_KEY } });
});

type Resource = { Properties: Record<string, unknown> };
const ofType = (template: Template, type: string) => Object.entries(template.findResources(type)) as [string, Resource][];
const runnerEnv = (template: Template) => {
  const [, fn] = ofType(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ReportRunner'))!;
  return (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
};
const json = (value: unknown) => JSON.stringify(value);

describe('SFTP delivery on AWS (ADR 039)', () => {
  it('has one public SFTP-only Transfer Family server with service-managed users on S3, logging to its own group', () => {
    configured.Jobs.resourceCountIs('AWS::Transfer::Server', 1);
    configured.Jobs.hasResourceProperties('AWS::Transfer::Server', {
      Protocols: ['SFTP'],
      IdentityProviderType: 'SERVICE_MANAGED',
      Domain: 'S3',
      EndpointType: 'PUBLIC',
      SecurityPolicyName: Match.stringLikeRegexp('^TransferSecurityPolicy-20'),
      LoggingRole: Match.anyValue(),
      StructuredLogDestinations: Match.anyValue(),
    });
  });

  it("maps the portal's service user's home to the reports bucket's sftp/ prefix, with its key", () => {
    const users = ofType(configured.Jobs, 'AWS::Transfer::User');
    expect(users).toHaveLength(1); // customers' users are the operator's (ADR 039), not the deploy's
    const [, user] = users[0]!;
    expect(user.Properties).toMatchObject({ UserName: SFTP_SERVICE_USER, HomeDirectoryType: 'LOGICAL', SshPublicKeys: [SERVICE_KEY] });
    const [mapping] = user.Properties.HomeDirectoryMappings as { Entry: string; Target: unknown }[];
    expect(mapping!.Entry).toBe('/');
    expect(json(mapping!.Target)).toMatch(/Reports.*\/sftp"/);
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

  it('leaves SFTP unconfigured (no service user, no runner settings) in a stage without the deploy inputs', () => {
    plain.Jobs.resourceCountIs('AWS::Transfer::Server', 1);
    plain.Jobs.resourceCountIs('AWS::Transfer::User', 0);
    expect(Object.keys(runnerEnv(plain.Jobs)).filter((name) => name.includes('SFTP'))).toEqual([]);
  });

  it('expires the SFTP copies after 30 days (lifecycle on sftp/ of the reports bucket)', () => {
    const rules = ofType(configured.Storage, 'AWS::S3::Bucket').flatMap(([, b]) => (b.Properties.LifecycleConfiguration as { Rules: object[] } | undefined)?.Rules ?? []);
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: 'sftp/', Status: 'Enabled', ExpirationInDays: 30 }));
  });
});
