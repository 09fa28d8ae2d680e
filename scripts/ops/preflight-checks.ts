/**
 * What must hold before `sst deploy --stage NAME` (docs/operations/runbook.md "Deploy a new stage"). Each check reads
 * what infra/ reads (the stage inputs of the environment, sst.config.ts's region, the names infra gives secrets) and
 * asks the AWS service that decides: a check answers ok, warn (the deploy works, the stage is not ready for users)
 * or failed (the deploy would fail or the stage would not work), with the fix.
 */
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { DescribeSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParametersCommand, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';

export type Outcome = 'ok' | 'warn' | 'failed';
export type CheckResult = { check: string; outcome: Outcome; detail: string; fix?: string };

/** One client per service; ACM for CloudFront's certificate is always us-east-1 (CloudFront reads only there). */
export type PreflightClients = {
  sts: STSClient;
  sesv2: SESv2Client;
  acmStage: ACMClient;
  acmCloudFront: ACMClient;
  ssm: SSMClient;
  secrets: SecretsManagerClient;
};

export const clientsFor = (region: string): PreflightClients => ({
  sts: new STSClient({ region }),
  sesv2: new SESv2Client({ region }),
  acmStage: new ACMClient({ region }),
  acmCloudFront: new ACMClient({ region: 'us-east-1' }),
  ssm: new SSMClient({ region }),
  secrets: new SecretsManagerClient({ region }),
});

/**
 * Regions that offer every service the stacks use (SES sending, EventBridge Scheduler, Transfer Family, HTTP API,
 * arm64 Lambda; AWS's regional services list) and that the deploy was written for. Another region: check that list
 * first, then add it here.
 */
export const SUPPORTED_REGIONS = [
  'eu-central-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-north-1',
  'eu-south-1',
  'us-east-1',
  'us-east-2',
  'us-west-2',
  'ca-central-1',
  'ap-south-1',
  'ap-northeast-1',
  'ap-southeast-1',
  'ap-southeast-2',
];

const result = (check: string, outcome: Outcome, detail: string, fix?: string): CheckResult => ({
  check,
  outcome,
  detail,
  ...(fix ? { fix } : {}),
});
const errorName = (error: unknown) => (error instanceof Error ? error.name : String(error));
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function checkRegion(env: NodeJS.ProcessEnv): CheckResult {
  const region = env.AWS_REGION;
  if (!region) {
    return result(
      'region',
      'failed',
      'AWS_REGION is not set (sst.config.ts would fall back to eu-central-1 silently)',
      'export AWS_REGION=eu-central-1 (the stage region)',
    );
  }
  if (!SUPPORTED_REGIONS.includes(region)) {
    return result(
      'region',
      'failed',
      `${region} is not a supported region`,
      `use one of ${SUPPORTED_REGIONS.join(', ')} (scripts/ops/preflight-checks.ts says how to add one)`,
    );
  }
  return result('region', 'ok', region);
}

export async function checkCredentials(sts: STSClient): Promise<CheckResult> {
  try {
    const me = await sts.send(new GetCallerIdentityCommand({}));
    return result('credentials', 'ok', `account ${me.Account ?? '?'} as ${me.Arn ?? '?'}`);
  } catch (error) {
    return result(
      'credentials',
      'failed',
      `STS GetCallerIdentity: ${message(error)}`,
      'sign in to the stage account: `aws sso login --profile NAME` and export AWS_PROFILE=NAME (or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY)',
    );
  }
}

/** The sending domain infra/email.ts uses for the stage (MAIL_DOMAIN; non-prod stages default to a placeholder). */
export const mailDomain = (stage: string, env: NodeJS.ProcessEnv) =>
  env.MAIL_DOMAIN ?? (stage === 'prod' ? undefined : `${stage}.portal.example.com`);

export async function checkSesIdentity(sesv2: SESv2Client, stage: string, env: NodeJS.ProcessEnv): Promise<CheckResult> {
  const domain = mailDomain(stage, env);
  if (!domain)
    return result(
      'ses identity',
      'failed',
      'MAIL_DOMAIN is not set (the prod stage must name its sending domain)',
      'set MAIL_DOMAIN (and MAIL_FROM if not no-reply@) in .env.prod',
    );
  if (!env.MAIL_DOMAIN) {
    return result(
      'ses identity',
      'warn',
      `MAIL_DOMAIN unset: the stage sends from ${domain}, which cannot be verified, so no mail leaves`,
      'set MAIL_DOMAIN in .env.<stage> to a domain whose DNS you manage',
    );
  }
  try {
    const identity = await sesv2.send(new GetEmailIdentityCommand({ EmailIdentity: domain }));
    if (identity.VerifiedForSendingStatus)
      return result('ses identity', 'ok', `${domain} verified for sending (DKIM ${identity.DkimAttributes?.Status ?? '?'})`);
    return result(
      'ses identity',
      'failed',
      `${domain} exists but is not verified (DKIM ${identity.DkimAttributes?.Status ?? '?'})`,
      'publish the three DKIM CNAME records (stack outputs DkimRecord1..3 of the Email stack) in the domain DNS; SES verifies within 72 h',
    );
  } catch (error) {
    if (errorName(error) !== 'NotFoundException')
      return result('ses identity', 'failed', `SES GetEmailIdentity: ${message(error)}`, 'the deployer needs ses:GetEmailIdentity');
    return result(
      'ses identity',
      'warn',
      `${domain} is not an SES identity yet: the first deploy creates it`,
      'after the deploy, publish the DKIM CNAME records of the Email stack outputs, then run the preflight again',
    );
  }
}

/** The SES account of the region: sending enabled, out of the sandbox (prod), a send rate at least the stage's SES_SEND_RATE (ADR 094). */
export async function checkSesAccount(sesv2: SESv2Client, stage: string, env: NodeJS.ProcessEnv): Promise<CheckResult> {
  try {
    const account = await sesv2.send(new GetAccountCommand({}));
    const quota = account.SendQuota ?? {};
    const rate = Number(env.SES_SEND_RATE ?? '14');
    const figures = `max ${quota.MaxSendRate ?? '?'} mails/s, ${quota.Max24HourSend ?? '?'} a day, ${quota.SentLast24Hours ?? '?'} sent in the last 24 h`;
    if (!account.SendingEnabled)
      return result(
        'ses account',
        'failed',
        `sending is paused for the account (${figures})`,
        'SES console → Account dashboard: find why (bounce or complaint rate) and resume sending',
      );
    if (!account.ProductionAccessEnabled) {
      return result(
        'ses account',
        stage === 'prod' ? 'failed' : 'warn',
        `in the SES sandbox: mail only to verified addresses, ${figures}`,
        'SES console → Account dashboard → Request production access, for this region',
      );
    }
    if (quota.MaxSendRate !== undefined && rate > quota.MaxSendRate) {
      return result(
        'ses account',
        'failed',
        `SES_SEND_RATE ${rate}/s exceeds the account's ${quota.MaxSendRate}/s: deliveries would be throttled`,
        `set SES_SEND_RATE=${Math.floor(quota.MaxSendRate)} in .env.${stage}, or ask AWS for a higher rate`,
      );
    }
    return result('ses account', 'ok', `production access, ${figures}; the stage paces at ${rate}/s`);
  } catch (error) {
    return result('ses account', 'failed', `SES GetAccount: ${message(error)}`, 'the deployer needs ses:GetAccount');
  }
}

const covers = (name: string, pattern: string) =>
  name === pattern || (pattern.startsWith('*.') && name.endsWith(pattern.slice(1)) && !name.slice(0, -pattern.length + 1).includes('.'));
const arnRegion = (arn: string) => arn.split(':')[3] ?? '';

/** One custom domain's certificate: its ARN given, in the region that uses it, issued, covering the domain. */
async function checkCertificate(
  acm: ACMClient,
  what: string,
  domain: string,
  arn: string | undefined,
  region: string,
): Promise<CheckResult> {
  const check = `certificate ${what}`;
  const variable = what === 'site' ? 'SITE_CERTIFICATE_ARN' : 'API_CERTIFICATE_ARN';
  const request = `request one in ACM (${region}) for ${domain} with DNS validation, then set ${variable}`;
  if (!arn) return result(check, 'failed', `${domain} has no ${variable}`, request);
  if (arnRegion(arn) !== region)
    return result(
      check,
      'failed',
      `${arn} is in ${arnRegion(arn) || '?'}, ${what === 'site' ? 'CloudFront' : 'the HTTP API'} reads certificates in ${region} only`,
      request,
    );
  try {
    const { Certificate: c = {} } = await acm.send(new DescribeCertificateCommand({ CertificateArn: arn }));
    const names = [c.DomainName ?? '', ...(c.SubjectAlternativeNames ?? [])];
    if (c.Status !== 'ISSUED')
      return result(
        check,
        'failed',
        `${arn} is ${c.Status ?? '?'}`,
        'publish the validation CNAME ACM shows for the certificate; it turns ISSUED within minutes',
      );
    if (!names.some((n) => covers(domain, n))) return result(check, 'failed', `${arn} covers ${names.join(', ')}, not ${domain}`, request);
    return result(check, 'ok', `${domain}: ${arn} issued, valid until ${c.NotAfter?.toISOString().slice(0, 10) ?? '?'}`);
  } catch (error) {
    return result(check, 'failed', `ACM DescribeCertificate ${arn}: ${message(error)}`, request);
  }
}

/** SITE_DOMAIN's certificate in us-east-1 (CloudFront), API_DOMAIN's in the stage region (infra/web.ts). */
export async function checkCertificates(
  clients: Pick<PreflightClients, 'acmStage' | 'acmCloudFront'>,
  region: string,
  env: NodeJS.ProcessEnv,
): Promise<CheckResult[]> {
  const checks: Promise<CheckResult>[] = [];
  if (env.SITE_DOMAIN) checks.push(checkCertificate(clients.acmCloudFront, 'site', env.SITE_DOMAIN, env.SITE_CERTIFICATE_ARN, 'us-east-1'));
  if (env.API_DOMAIN) checks.push(checkCertificate(clients.acmStage, 'api', env.API_DOMAIN, env.API_CERTIFICATE_ARN, region));
  if (checks.length === 0) return [result('certificates', 'ok', 'no custom domain: the site answers on its CloudFront domain')];
  return Promise.all(checks);
}

/** The SST secrets infra binds for this stage's inputs (infra/api.ts, infra/sftp.ts). */
export function sstSecretsExpected(stage: string, env: NodeJS.ProcessEnv): string[] {
  const sftpOn = env.SFTP_SERVER ? env.SFTP_SERVER === 'on' : stage === 'prod';
  return [
    ...(env.SSO_ISSUER || env.SSO_CLIENT_ID ? ['SSO_CLIENT_SECRET'] : []),
    ...(sftpOn && env.SFTP_SERVICE_PUBLIC_KEY && env.SFTP_HOST_KEY_SHA256 ? ['SFTP_PRIVATE_KEY'] : []),
  ];
}

/** SST v2 keeps a secret in SSM at /sst/<app>/<stage>/Secret/<NAME>/value, or the app's fallback at /sst/<app>/.fallback/…. */
export const sstSecretPaths = (stage: string, name: string) => [
  `/sst/portal/${stage}/Secret/${name}/value`,
  `/sst/portal/.fallback/Secret/${name}/value`,
];

export async function checkSstSecrets(ssm: SSMClient, stage: string, env: NodeJS.ProcessEnv): Promise<CheckResult[]> {
  return Promise.all(
    sstSecretsExpected(stage, env).map(async (name) => {
      const check = `secret ${name}`;
      try {
        // Presence only: the value is neither decrypted nor printed.
        const found = await ssm.send(new GetParametersCommand({ Names: sstSecretPaths(stage, name), WithDecryption: false }));
        if ((found.Parameters ?? []).length > 0) return result(check, 'ok', `set (${found.Parameters?.[0]?.Name ?? ''})`);
        return result(
          check,
          'failed',
          'not set: the deploy would bind an empty secret',
          `npx sst secrets set ${name} <value> --stage ${stage}`,
        );
      } catch (error) {
        return result(check, 'failed', `SSM GetParameters: ${message(error)}`, 'the deployer needs ssm:GetParameters on /sst/portal/*');
      }
    }),
  );
}

/**
 * The Secrets Manager secrets the stacks generate (infra/web.ts origin-verify, infra/jobs.ts report-link-key): absent
 * before the first deploy (it creates them), present after; one a removed stage left scheduled for deletion blocks
 * the deploy ("already scheduled for deletion") until it is restored.
 */
export async function checkGeneratedSecrets(secrets: SecretsManagerClient, stage: string, env: NodeJS.ProcessEnv): Promise<CheckResult[]> {
  return Promise.all(
    ['origin-verify', 'report-link-key'].map(async (suffix) => {
      const name = `${stage}-portal-${suffix}`;
      const check = `secret ${suffix}`;
      try {
        const secret = await secrets.send(new DescribeSecretCommand({ SecretId: name }));
        if (secret.DeletedDate) {
          return result(
            check,
            'failed',
            `${name} is scheduled for deletion (${secret.DeletedDate.toISOString()})`,
            `aws secretsmanager restore-secret --secret-id ${name}`,
          );
        }
        // A rotation's versions (ADR 096) must exist, or CloudFormation fails resolving them mid-deploy.
        const versions = suffix === 'origin-verify' ? (['ORIGIN_VERIFY_SECRET_VERSION', 'ORIGIN_VERIFY_ROTATING_VERSION'] as const) : [];
        const unknown = versions.filter((v) => env[v] && !secret.VersionIdsToStages?.[env[v] ?? '']);
        if (unknown.length > 0) {
          const list = unknown.map((v) => `${v} ${env[v] ?? ''}`).join(', ');
          return result(
            check,
            'failed',
            `${list}: no version of ${name}`,
            `aws secretsmanager list-secret-version-ids --secret-id ${name}`,
          );
        }
        return result(check, 'ok', `${name} exists`);
      } catch (error) {
        if (errorName(error) === 'ResourceNotFoundException') return result(check, 'ok', `${name}: the first deploy generates it`);
        return result(
          check,
          'failed',
          `Secrets Manager DescribeSecret: ${message(error)}`,
          'the deployer needs secretsmanager:DescribeSecret',
        );
      }
    }),
  );
}

/** cfn-lint and cdk-nag over the stage's synthesized templates: their findings, one line each (none is ok). */
export async function checkTemplates(findings: () => Promise<string[]>): Promise<CheckResult> {
  try {
    const lines = await findings();
    if (lines.length === 0) return result('templates', 'ok', 'cfn-lint: 0 errors, 0 unexplained warnings; cdk-nag: 0 unexplained findings');
    return result(
      'templates',
      'failed',
      `${lines.length} findings:\n    ${lines.slice(0, 20).join('\n    ')}`,
      'fix them in infra/ (or suppress a cdk-nag rule with its reason in infra/nag.ts); `npx vitest run --project infra` shows the same',
    );
  } catch (error) {
    return result(
      'templates',
      'failed',
      `synthesis failed: ${message(error)}`,
      'the message names the cause: a wrong stage input (fix .env.<stage>) or cfn-lint missing (pip install cfn-lint)',
    );
  }
}

export async function runPreflight(
  stage: string,
  env: NodeJS.ProcessEnv,
  clients: (region: string) => PreflightClients,
  templateFindings: () => Promise<string[]>,
): Promise<CheckResult[]> {
  const region = checkRegion(env);
  if (region.outcome === 'failed' || !env.AWS_REGION) return [region];
  const c = clients(env.AWS_REGION);
  const credentials = await checkCredentials(c.sts);
  if (credentials.outcome === 'failed') return [region, credentials];
  const checks = await Promise.all([
    checkSesIdentity(c.sesv2, stage, env),
    checkSesAccount(c.sesv2, stage, env),
    checkCertificates(c, env.AWS_REGION, env),
    checkSstSecrets(c.ssm, stage, env),
    checkGeneratedSecrets(c.secrets, stage, env),
  ]);
  return [region, credentials, ...checks.flat(), await checkTemplates(templateFindings)];
}

export const formatResult = (r: CheckResult) =>
  `${r.outcome.padEnd(6)} ${r.check}: ${r.detail}${r.fix && r.outcome !== 'ok' ? `\n       fix: ${r.fix}` : ''}`;
