import { beforeAll, describe, expect, it } from 'vitest';
import { synth } from './synth.ts';

/**
 * No secret value in a template (ADR 023, ADR 096): every secret reaches its resource as a dynamic reference
 * CloudFormation resolves at deploy (Secrets Manager) or through SST's secret prefetch at deploy (SSM), in a stage with
 * every optional input that brings a secret: SSO, the SFTP server, custom domains, and an origin secret rotation.
 * Values put into the deployer's environment under every secret's name (a mistake an operator could make) must not
 * reach a template either.
 */
const CANARY = 'canary-secret-value-0123456789abcdefghij';
const SECRET_NAMES = ['SSO_CLIENT_SECRET', 'SFTP_PRIVATE_KEY', 'ORIGIN_VERIFY_SECRET', 'ORIGIN_VERIFY_SECRET_ROTATING', 'REPORT_LINK_KEY'];
const SENT = 'a1b2c3d4-0000-4000-8000-00000000000b';
const ROTATING = 'a1b2c3d4-0000-4000-8000-00000000000a';

/** Variables whose name says "secret" but whose value is public by design, each with why. */
const PUBLIC_BY_DESIGN: Record<string, string> = {
  SFTP_SERVICE_PUBLIC_KEY: "the service user's public key (ADR 039)",
  SFTP_HOST_KEY_SHA256: "the server's host key fingerprint, which clients pin (ADR 039)",
  TOTP_KMS_KEY_ID: "the KMS key's ARN, not key material (a reference in the template)",
};

let templates: Record<string, unknown>;

beforeAll(async () => {
  const synthesized = await synth('prod', {
    env: {
      MAIL_DOMAIN: 'mail.portal.example.org',
      SITE_DOMAIN: 'portal.example.org',
      SITE_CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/site',
      API_DOMAIN: 'api.portal.example.org',
      API_CERTIFICATE_ARN: 'arn:aws:acm:eu-central-1:123456789012:certificate/api',
      SSO_ISSUER: 'https://login.microsoftonline.com/00000000-0000-0000-0000-000000000000/v2.0',
      SSO_CLIENT_ID: '11111111-1111-1111-1111-111111111111',
      SFTP_SERVER: 'on',
      SFTP_SERVICE_PUBLIC_KEY: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHJvB7gqvZk7q8f3yZ0m2cQn5m6yR0aQ3k6m4a1sT2Xb portal-reports',
      SFTP_HOST_KEY_SHA256: 'SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU',
      ORIGIN_VERIFY_SECRET_VERSION: SENT,
      ORIGIN_VERIFY_ROTATING_VERSION: ROTATING,
      ...Object.fromEntries(SECRET_NAMES.map((name) => [name, CANARY])),
    },
  });
  templates = Object.fromEntries(Object.entries(synthesized).map(([name, t]) => [name, t.toJSON()]));
});

type Resource = { Type: string; Properties?: Record<string, unknown> };
const resources = (type: string) =>
  Object.entries(templates).flatMap(([stack, t]) =>
    Object.entries((t as { Resources: Record<string, Resource> }).Resources)
      .filter(([, r]) => r.Type === type)
      .map(([id, r]) => ({ stack, id, properties: r.Properties ?? {} })),
  );
const lambdaEnv = () =>
  resources('AWS::Lambda::Function').flatMap(({ stack, id, properties }) =>
    Object.entries((properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}).map(
      ([name, value]) => ({
        where: `${stack}/${id}/${name}`,
        name,
        value,
      }),
    ),
  );
const dynamicReference = /\{\{resolve:secretsmanager:/;

describe('no secret value in a template (ADR 023, ADR 096)', () => {
  it("holds none of the values the deployer's environment had under the secrets' names", () => {
    expect(JSON.stringify(templates)).not.toContain(CANARY);
  });

  it('gives every Lambda variable named like a secret a dynamic reference, never a literal', () => {
    const secretLike = lambdaEnv().filter(
      ({ name }) => /SECRET|KEY|PASSWORD|TOKEN/i.test(name) && !(name in PUBLIC_BY_DESIGN) && !name.startsWith('SST_Secret_value_'),
    );
    expect(secretLike.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['ORIGIN_VERIFY_SECRET', 'ORIGIN_VERIFY_SECRET_ROTATING', 'REPORT_LINK_KEY']),
    );
    const literal = secretLike.filter(({ value }) => !dynamicReference.test(JSON.stringify(value)));
    expect(literal.map(({ where }) => where)).toEqual([]);
    // SST secrets (SSO, SFTP key): the template holds SST's placeholder; the prefetch writes the value at deploy.
    const sst = lambdaEnv().filter(({ name }) => name.startsWith('SST_Secret_value_'));
    expect(sst.map(({ name }) => name).sort()).toEqual(
      expect.arrayContaining(['SST_Secret_value_SFTP_PRIVATE_KEY', 'SST_Secret_value_SSO_CLIENT_SECRET']),
    );
    expect(new Set(sst.map(({ value }) => value))).toEqual(new Set(['__FETCH_FROM_SSM__']));
  });

  it('during a rotation: CloudFront sends the named version, the API accepts it and the rotating one', () => {
    const [distribution] = resources('AWS::CloudFront::Distribution').filter(({ properties }) =>
      JSON.stringify(properties).includes('X-Origin-Verify'),
    );
    expect(JSON.stringify(distribution?.properties)).toMatch(new RegExp(`:SecretString:::${SENT}\\}\\}`));
    const api = lambdaEnv().filter(({ where }) => where.includes('/ApiHandler'));
    expect(api.find((v) => v.name === 'ORIGIN_VERIFY_SECRET')?.value).toBe(
      `{{resolve:secretsmanager:prod-portal-origin-verify:SecretString:::${SENT}}}`,
    );
    expect(api.find((v) => v.name === 'ORIGIN_VERIFY_SECRET_ROTATING')?.value).toBe(
      `{{resolve:secretsmanager:prod-portal-origin-verify:SecretString:::${ROTATING}}}`,
    );
  });
});
