import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { DescribeSecretCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, NotFoundException, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParametersCommand, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type CheckResult,
  checkCertificates,
  checkCredentials,
  checkGeneratedSecrets,
  checkRegion,
  checkSesAccount,
  checkSesIdentity,
  checkSstSecrets,
  checkTemplates,
  runPreflight,
} from './preflight-checks.ts';
import { stageEnvironment } from './preflight.ts';

/**
 * The preflight's checks against mocked AWS answers (aws-sdk-client-mock: STS, SESv2, ACM, SSM and Secrets Manager have
 * no local stand-in that could answer for an account), each check's pass and fail branches.
 */
const sts = mockClient(STSClient);
const sesv2 = mockClient(SESv2Client);
const acm = mockClient(ACMClient);
const ssm = mockClient(SSMClient);
const secrets = mockClient(SecretsManagerClient);
const clients = () => ({
  sts: new STSClient({}),
  sesv2: new SESv2Client({}),
  acmStage: new ACMClient({}),
  acmCloudFront: new ACMClient({}),
  ssm: new SSMClient({}),
  secrets: new SecretsManagerClient({}),
});
const c = clients();
const outcome = (r: CheckResult | CheckResult[]) => (Array.isArray(r) ? r.map((x) => x.outcome) : r.outcome);
const SITE_CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/site';
const API_CERT = 'arn:aws:acm:eu-central-1:123456789012:certificate/api';

beforeEach(() => {
  for (const m of [sts, sesv2, acm, ssm, secrets]) m.reset();
});

describe('preflight checks (runbook: deploy a new stage)', () => {
  it('region: set and supported', () => {
    expect(checkRegion({ AWS_REGION: 'eu-central-1' })).toMatchObject({ outcome: 'ok' });
    expect(checkRegion({})).toMatchObject({ outcome: 'failed', fix: expect.stringContaining('export AWS_REGION') });
    expect(checkRegion({ AWS_REGION: 'xx-moon-1' })).toMatchObject({ outcome: 'failed', detail: 'xx-moon-1 is not a supported region' });
  });

  it('credentials: STS answers, or the sign-in to do', async () => {
    sts.on(GetCallerIdentityCommand).resolves({ Account: '123456789012', Arn: 'arn:aws:sts::123456789012:assumed-role/deployer/me' });
    expect(await checkCredentials(c.sts)).toMatchObject({ outcome: 'ok', detail: expect.stringContaining('123456789012') });
    sts.on(GetCallerIdentityCommand).rejects(new Error('The security token included in the request is expired'));
    expect(await checkCredentials(c.sts)).toMatchObject({ outcome: 'failed', fix: expect.stringContaining('aws sso login') });
  });

  it('SES identity: verified, unverified, not yet created, or a placeholder domain', async () => {
    const env = { MAIL_DOMAIN: 'mail.example.org' };
    sesv2
      .on(GetEmailIdentityCommand, { EmailIdentity: 'mail.example.org' })
      .resolves({ VerifiedForSendingStatus: true, DkimAttributes: { Status: 'SUCCESS' } });
    expect(await checkSesIdentity(c.sesv2, 'prod', env)).toMatchObject({ outcome: 'ok' });
    expect(sesv2.commandCalls(GetEmailIdentityCommand)[0]?.args[0].input).toEqual({ EmailIdentity: 'mail.example.org' });
    sesv2.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: false, DkimAttributes: { Status: 'PENDING' } });
    expect(await checkSesIdentity(c.sesv2, 'prod', env)).toMatchObject({ outcome: 'failed', fix: expect.stringContaining('DKIM CNAME') });
    sesv2.on(GetEmailIdentityCommand).rejects(new NotFoundException({ message: 'not found', $metadata: {} }));
    expect(await checkSesIdentity(c.sesv2, 'prod', env)).toMatchObject({
      outcome: 'warn',
      detail: expect.stringContaining('first deploy creates it'),
    });
    expect(await checkSesIdentity(c.sesv2, 'prod', {})).toMatchObject({
      outcome: 'failed',
      detail: expect.stringContaining('MAIL_DOMAIN'),
    });
    expect(await checkSesIdentity(c.sesv2, 'test', {})).toMatchObject({
      outcome: 'warn',
      detail: expect.stringContaining('test.portal.example.com'),
    });
  });

  it('SES account: production access and a send rate within the quota; the sandbox fails prod only', async () => {
    const quota = { MaxSendRate: 14, Max24HourSend: 50_000, SentLast24Hours: 12 };
    sesv2.on(GetAccountCommand).resolves({ SendingEnabled: true, ProductionAccessEnabled: true, SendQuota: quota });
    expect(await checkSesAccount(c.sesv2, 'prod', {})).toMatchObject({ outcome: 'ok' });
    expect(await checkSesAccount(c.sesv2, 'prod', { SES_SEND_RATE: '50' })).toMatchObject({
      outcome: 'failed',
      fix: expect.stringContaining('SES_SEND_RATE=14'),
    });
    sesv2
      .on(GetAccountCommand)
      .resolves({ SendingEnabled: true, ProductionAccessEnabled: false, SendQuota: { MaxSendRate: 1, Max24HourSend: 200 } });
    expect(await checkSesAccount(c.sesv2, 'prod', {})).toMatchObject({
      outcome: 'failed',
      fix: expect.stringContaining('production access'),
    });
    expect(await checkSesAccount(c.sesv2, 'dev', {})).toMatchObject({ outcome: 'warn' });
    sesv2.on(GetAccountCommand).resolves({ SendingEnabled: false, ProductionAccessEnabled: true, SendQuota: quota });
    expect(await checkSesAccount(c.sesv2, 'prod', {})).toMatchObject({ outcome: 'failed', detail: expect.stringContaining('paused') });
  });

  it('certificates: none needed without a domain; issued, in the right region, covering the domain', async () => {
    expect(outcome(await checkCertificates(c, 'eu-central-1', {}))).toEqual(['ok']);
    const issued = { Status: 'ISSUED' as const, DomainName: '*.example.org', NotAfter: new Date('2027-06-01T00:00:00Z') };
    acm.on(DescribeCertificateCommand).resolves({ Certificate: issued });
    const env = {
      SITE_DOMAIN: 'portal.example.org',
      SITE_CERTIFICATE_ARN: SITE_CERT,
      API_DOMAIN: 'api.example.org',
      API_CERTIFICATE_ARN: API_CERT,
    };
    expect(outcome(await checkCertificates(c, 'eu-central-1', env))).toEqual(['ok', 'ok']);
    // CloudFront's certificate must be in us-east-1: the API's (eu-central-1) given for the site fails without a call.
    expect(await checkCertificates(c, 'eu-central-1', { ...env, SITE_CERTIFICATE_ARN: API_CERT })).toMatchObject([
      { outcome: 'failed', detail: expect.stringContaining('us-east-1 only') },
      { outcome: 'ok' },
    ]);
    expect(await checkCertificates(c, 'eu-central-1', { SITE_DOMAIN: 'a.b.example.org', SITE_CERTIFICATE_ARN: SITE_CERT })).toMatchObject([
      { outcome: 'failed', detail: expect.stringContaining('not a.b.example.org') },
    ]);
    expect(await checkCertificates(c, 'eu-central-1', { API_DOMAIN: 'api.example.org' })).toMatchObject([
      { outcome: 'failed', detail: expect.stringContaining('no API_CERTIFICATE_ARN') },
    ]);
    acm.on(DescribeCertificateCommand).resolves({ Certificate: { ...issued, Status: 'PENDING_VALIDATION' } });
    expect(
      await checkCertificates(c, 'eu-central-1', { SITE_DOMAIN: 'portal.example.org', SITE_CERTIFICATE_ARN: SITE_CERT }),
    ).toMatchObject([{ outcome: 'failed', detail: expect.stringContaining('PENDING_VALIDATION') }]);
  });

  it("SST secrets: the ones the stage's inputs bind, present in SSM (never decrypted)", async () => {
    expect(await checkSstSecrets(c.ssm, 'dev', {})).toEqual([]);
    const sso = { SSO_ISSUER: 'https://login.microsoftonline.com/t/v2.0', SSO_CLIENT_ID: 'c' };
    ssm.on(GetParametersCommand).resolves({ Parameters: [{ Name: '/sst/portal/prod/Secret/SSO_CLIENT_SECRET/value' }] });
    expect(await checkSstSecrets(c.ssm, 'prod', sso)).toMatchObject([{ check: 'secret SSO_CLIENT_SECRET', outcome: 'ok' }]);
    expect(ssm.commandCalls(GetParametersCommand)[0]?.args[0].input).toEqual({
      Names: ['/sst/portal/prod/Secret/SSO_CLIENT_SECRET/value', '/sst/portal/.fallback/Secret/SSO_CLIENT_SECRET/value'],
      WithDecryption: false,
    });
    ssm.on(GetParametersCommand).resolves({ Parameters: [], InvalidParameters: ['x'] });
    const sftp = { SFTP_SERVICE_PUBLIC_KEY: 'ssh-ed25519 AAAA', SFTP_HOST_KEY_SHA256: 'SHA256:x' };
    expect(await checkSstSecrets(c.ssm, 'prod', { ...sso, ...sftp })).toMatchObject([
      { outcome: 'failed', fix: 'npx sst secrets set SSO_CLIENT_SECRET <value> --stage prod' },
      { outcome: 'failed', fix: 'npx sst secrets set SFTP_PRIVATE_KEY <value> --stage prod' },
    ]);
    expect(await checkSstSecrets(c.ssm, 'dev', sftp)).toEqual([]); // no SFTP server in dev unless SFTP_SERVER=on
  });

  it('generated secrets: absent before the first deploy, present after, blocked when scheduled for deletion', async () => {
    secrets.on(DescribeSecretCommand).rejects(new ResourceNotFoundException({ message: 'no', $metadata: {} }));
    expect(outcome(await checkGeneratedSecrets(c.secrets, 'new', {}))).toEqual(['ok', 'ok']);
    secrets.on(DescribeSecretCommand).resolves({ Name: 'x', VersionIdsToStages: { v1: ['AWSCURRENT'] } });
    expect(outcome(await checkGeneratedSecrets(c.secrets, 'prod', { ORIGIN_VERIFY_SECRET_VERSION: 'v1' }))).toEqual(['ok', 'ok']);
    expect(await checkGeneratedSecrets(c.secrets, 'prod', { ORIGIN_VERIFY_SECRET_VERSION: 'v9' })).toMatchObject([
      { outcome: 'failed', detail: expect.stringContaining('v9') },
      { outcome: 'ok' },
    ]);
    expect(
      await checkGeneratedSecrets(c.secrets, 'prod', { ORIGIN_VERIFY_SECRET_VERSION: 'v1', ORIGIN_VERIFY_ROTATING_VERSION: 'v2' }),
    ).toMatchObject([
      { outcome: 'failed', detail: 'ORIGIN_VERIFY_ROTATING_VERSION v2: no version of prod-portal-origin-verify' },
      { outcome: 'ok' },
    ]);
    secrets.on(DescribeSecretCommand).resolves({ Name: 'x', DeletedDate: new Date('2026-11-20T00:00:00Z') });
    expect(await checkGeneratedSecrets(c.secrets, 'old', {})).toMatchObject([
      { outcome: 'failed', fix: 'aws secretsmanager restore-secret --secret-id old-portal-origin-verify' },
      { outcome: 'failed', fix: 'aws secretsmanager restore-secret --secret-id old-portal-report-link-key' },
    ]);
  });

  it('templates: no finding is ok; findings or a failed synthesis fail', async () => {
    expect(await checkTemplates(async () => [])).toMatchObject({ outcome: 'ok' });
    expect(await checkTemplates(async () => ['prod-Jobs.json:1:1:E3030:bad enum'])).toMatchObject({
      outcome: 'failed',
      detail: expect.stringContaining('E3030'),
    });
    expect(await checkTemplates(() => Promise.reject(new Error('MAIL_DOMAIN must be set')))).toMatchObject({
      outcome: 'failed',
      detail: expect.stringContaining('MAIL_DOMAIN'),
    });
  });

  it('runs every check once region and credentials hold, and stops before AWS calls when they do not', async () => {
    expect(outcome(await runPreflight('dev', {}, clients, async () => []))).toEqual(['failed']);
    sts.on(GetCallerIdentityCommand).rejects(new Error('no credentials'));
    expect(outcome(await runPreflight('dev', { AWS_REGION: 'eu-central-1' }, clients, async () => []))).toEqual(['ok', 'failed']);
    expect(sesv2.calls()).toHaveLength(0);
    sts.on(GetCallerIdentityCommand).resolves({ Account: '1' });
    sesv2.on(GetAccountCommand).resolves({ SendingEnabled: true, ProductionAccessEnabled: true, SendQuota: { MaxSendRate: 14 } });
    sesv2.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true });
    secrets.on(DescribeSecretCommand).resolves({ Name: 'x' });
    const results = await runPreflight('dev', { AWS_REGION: 'eu-central-1', MAIL_DOMAIN: 'dev.example.org' }, clients, async () => []);
    expect(results.map((r) => `${r.check}:${r.outcome}`)).toEqual([
      'region:ok',
      'credentials:ok',
      'ses identity:ok',
      'ses account:ok',
      'certificates:ok',
      'secret origin-verify:ok',
      'secret report-link-key:ok',
      'templates:ok',
    ]);
  });

  it("reads the stage's .env files over the shell's environment, as sst deploy does", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'preflight-'));
    try {
      writeFileSync(path.join(root, '.env'), 'MAIL_DOMAIN=base.example.org\nSES_SEND_RATE=10\n');
      writeFileSync(path.join(root, '.env.prod'), 'MAIL_DOMAIN=prod.example.org\n');
      expect(stageEnvironment('prod', { SES_SEND_RATE: '5', AWS_REGION: 'eu-west-1' }, root)).toMatchObject({
        MAIL_DOMAIN: 'prod.example.org',
        SES_SEND_RATE: '10',
        AWS_REGION: 'eu-west-1',
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
