import * as z from '@portal/core/zod';

/**
 * Environment configuration, validated once at start-up (ARCHITECTURE convention 3). A missing or bad
 * variable stops the process with a message naming it. Local mode differs from AWS only in the
 * optional endpoints and the scheduler mode.
 */
const optionalUrl = z.optional(z.string().check(z.url()));

/** Loopback hosts, the only ones an OpenID issuer may be reached on over plain http (local mode). */
export const isLoopbackUrl = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** Empty means unset, so `SSO_ISSUER=` in a .env file switches single sign-on off. */
const optionalSetting = <T extends z.ZodMiniType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.optional(schema));

/** The OpenID issuer of single sign-on: https, or http on loopback only (local stand-in; ADR 009). */
const issuerUrl = z.string().check(
  z.url(),
  z.refine((value) => {
    if (!URL.canParse(value)) return true; // reported by z.url()
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url));
  }, 'must be an https URL (http only on localhost)'),
  z.refine((value) => !value.includes('?') && !value.includes('#'), 'must not have a query or fragment'),
);

/**
 * SST v2 binds a `Config.Secret` to a function as this variable; with `prefetchSecrets` the deploy puts
 * the secret's value in, otherwise (and for a moment during each deploy) it holds a placeholder.
 */
export const SST_SSO_SECRET_VARIABLE = 'SST_Secret_value_SSO_CLIENT_SECRET';
const SST_SECRET_PLACEHOLDER = '__FETCH_FROM_SSM__';
const SSO_SETTINGS = ['SSO_ISSUER', 'SSO_CLIENT_ID', 'SSO_CLIENT_SECRET'] as const;
/** The SFTP user's private key as SST binds it to the report runner (infra/sftp.ts; ADR 039). */
export const SST_SFTP_KEY_VARIABLE = 'SST_Secret_value_SFTP_PRIVATE_KEY';
const SFTP_SETTINGS = ['SFTP_HOST', 'SFTP_USER', 'SFTP_HOST_KEY_SHA256'] as const;

/** What the API needs to manage schedules on AWS (infra/api.ts; ADR 005): all four or none. */
const AWS_SCHEDULER_SETTINGS = ['SCHEDULE_GROUP_NAME', 'REPORT_RUNNER_ARN', 'SCHEDULER_ROLE_ARN', 'SCHEDULER_DLQ_ARN'] as const;
const arn = z.string().check(z.regex(/^arn:[^:]+:[^:]+:/, 'must be an ARN'));

/**
 * Core's EXPORT_ROWS_PER_FILE (export/export.ts), written out: importing @portal/core/export here would put
 * the export contracts into every Lambda's cold start (budgets.json api.initialMinified); config.test.ts
 * checks the two agree.
 */
export const MAX_ROWS_PER_FILE = 1_000_000;

export const ConfigSchema = z.object({
  STAGE: z.string().check(z.minLength(1)),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'eu-central-1'),
  TABLE_NAME: z.string().check(z.minLength(3)),
  FILES_BUCKET: z.string().check(z.minLength(3)),
  REPORTS_BUCKET: z.string().check(z.minLength(3)),
  MAIL_FROM: z.string().check(z.email()),
  APP_URL: z.string().check(z.url()),
  DYNAMODB_ENDPOINT: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  SES_ENDPOINT: optionalUrl,
  /** SES configuration set the report mails are sent with, so SES reports later bounces/complaints (ADR 042); unset locally. */
  SES_CONFIGURATION_SET: z.optional(z.string().check(z.minLength(1))),
  /** The account's SES sending rate, mails a second (a stage setting, infra/jobs.ts; ADR 094): report mails are paced to it. */
  SES_SEND_RATE: z._default(z.coerce.number().check(z.gte(1), z.lte(10_000)), 14),
  /** How many processes send report mails at once (ADR 094): each paces itself to its share of SES_SEND_RATE. */
  REPORT_MAIL_SENDERS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)), 1),
  SESSION_IDLE_MINUTES: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(24 * 60)), 30),
  SESSION_ABSOLUTE_HOURS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(24 * 30)), 12),
  /** TOTP secrets are encrypted with this KMS key on AWS ... */
  TOTP_KMS_KEY_ID: z.optional(z.string().check(z.minLength(1))),
  /** ... or, in local mode and tests, with a key kept in this file (created on first use). */
  TOTP_KEY_FILE: z.optional(z.string().check(z.minLength(1))),
  /** The name authenticator apps show next to the account. */
  MFA_ISSUER: z._default(z.string().check(z.minLength(1)), 'CardPortal'),
  /** A password set by its owner is valid this many days; then it must be renewed (ADR 011). */
  PASSWORD_MAX_AGE_DAYS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(3650)), 180),
  /** Sign-in attempts one client address may make per minute before 429 (ADR 010). */
  SIGNINS_PER_IP_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 30),
  /** Cost factor of the password hash, log2(N) of scrypt. 15 in production; tests may lower it. */
  PASSWORD_HASH_COST: z._default(z.coerce.number().check(z.int(), z.gte(10), z.lte(20)), 15),
  /**
   * Single sign-on (ADR 009): all three or none. The Entra ID tenant's issuer
   * (https://login.microsoftonline.com/<tenant-id>/v2.0), the app registration's client id and secret.
   * The secret comes from SSO_CLIENT_SECRET or, on AWS, from the bound SST secret (SST_SSO_SECRET_VARIABLE).
   */
  SSO_ISSUER: optionalSetting(issuerUrl),
  SSO_CLIENT_ID: optionalSetting(z.string().check(z.maxLength(200))),
  SSO_CLIENT_SECRET: optionalSetting(z.string().check(z.maxLength(1000))),
  /**
   * The Scheduler port's adapter (ADR 005): 'aws' (EventBridge Scheduler; infra sets it on every Lambda)
   * or 'local' (the in-process stand-in of `npm start`).
   */
  SCHEDULER_MODE: z._default(z.enum(['aws', 'local']), 'local'),
  /** aws mode, the API only: the schedule group, the runner's ARN, the role Scheduler assumes, the DLQ. */
  SCHEDULE_GROUP_NAME: optionalSetting(z.string().check(z.regex(/^[0-9a-zA-Z\-_.]{1,64}$/, 'must be 1-64 of 0-9 a-z A-Z - _ .'))),
  REPORT_RUNNER_ARN: optionalSetting(arn),
  SCHEDULER_ROLE_ARN: optionalSetting(arn),
  SCHEDULER_DLQ_ARN: optionalSetting(arn),
  /** local mode: the local scheduler's file (e.g. .data/scheduler/schedules.json); dead letters go beside it. */
  SCHEDULER_FILE: optionalSetting(z.string().check(z.minLength(1))),
  /** The export function the API invokes asynchronously (ADR 033); unset: exports run in this process (local). */
  EXPORT_FUNCTION_NAME: optionalSetting(z.string().check(z.regex(/^[A-Za-z0-9_:.-]{1,140}$/, 'must be a Lambda function name or ARN'))),
  /** The import queue (ADR 069): the import worker sends a large file's continuation to it. */
  IMPORT_QUEUE_URL: optionalSetting(z.string().check(z.url())),
  /**
   * The report delivery queue (ADR 110): set on the report runner on AWS, whose hand-off to the delivery is then
   * a message to it; unset (locally, in tests) the runner delivers in its own process.
   */
  REPORT_DELIVERY_QUEUE_URL: optionalSetting(z.string().check(z.url())),
  /** The local SQS stand-in (fauxqs, ADR 069); unset on AWS. */
  SQS_ENDPOINT: optionalUrl,
  /**
   * SFTP delivery of report files (ADR 039): host, user, pinned host key (OpenSSH's `SHA256:...` fingerprint)
   * and the user's private key (its text, or locally a file), all or none; none = "SFTP not configured".
   * On AWS the key is an SST secret (SST_SFTP_KEY_VARIABLE), like the SSO client secret.
   */
  SFTP_HOST: optionalSetting(z.string().check(z.regex(/^[A-Za-z0-9.-]{1,253}$/, 'must be a host name or IPv4 address'))),
  SFTP_PORT: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(65535)), 22),
  SFTP_USER: optionalSetting(z.string().check(z.regex(/^[A-Za-z0-9._@-]{1,100}$/, 'must be 1-100 of A-Z a-z 0-9 . _ @ -'))),
  SFTP_HOST_KEY_SHA256: optionalSetting(
    z.string().check(z.regex(/^(SHA256:)?[A-Za-z0-9+/]{43}=?$/, "must be a host key's SHA256 fingerprint (ssh-keygen -lf)")),
  ),
  SFTP_PRIVATE_KEY: optionalSetting(z.string().check(z.minLength(64), z.maxLength(20_000))),
  SFTP_PRIVATE_KEY_FILE: optionalSetting(z.string().check(z.minLength(1))),
  /**
   * The key report mails' links are signed with (unsubscribe, download links; ADR 042): on AWS a generated
   * secret's text; locally and in tests a file holding a random key, made on first use. The session
   * cookie's account part is sealed with a key derived from it too (ADR 052), so the API needs one of the
   * two; without either, a sign-in or a mail that needs a link fails with a message saying so.
   */
  REPORT_LINK_KEY: optionalSetting(z.string().check(z.minLength(32), z.maxLength(1000))),
  REPORT_LINK_KEY_FILE: optionalSetting(z.string().check(z.minLength(1))),
  /**
   * Rows per file of an export or a report run (ADR 033, 041): above it the result is split into parts.
   * At most core's EXPORT_ROWS_PER_FILE (XLSX's sheet limit with room for the header), its default; a small
   * value shows the split with the demo data (README; ADR 054).
   */
  EXPORT_ROWS_PER_FILE: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_ROWS_PER_FILE)), MAX_ROWS_PER_FILE),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const sstSecret = env[SST_SSO_SECRET_VARIABLE];
  // The placeholder means the deploy has not put the value in yet: single sign-on stays off meanwhile
  // (it answers SSO.NOT_CONFIGURED) rather than failing every cold start of the API.
  const secretPending = !env.SSO_CLIENT_SECRET && sstSecret === SST_SECRET_PLACEHOLDER;
  const sftpKey = env[SST_SFTP_KEY_VARIABLE];
  const sftpKeyPending = !env.SFTP_PRIVATE_KEY && sftpKey === SST_SECRET_PLACEHOLDER;
  const parsed = ConfigSchema.safeParse({
    ...env,
    SSO_CLIENT_SECRET: env.SSO_CLIENT_SECRET || (secretPending ? undefined : sstSecret),
    SFTP_PRIVATE_KEY: env.SFTP_PRIVATE_KEY || (sftpKeyPending ? undefined : sftpKey),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const missing = SSO_SETTINGS.filter((name) => !parsed.data[name]);
  if (missing.length > 0 && missing.length < SSO_SETTINGS.length) {
    if (!(secretPending && missing.length === 1 && missing[0] === 'SSO_CLIENT_SECRET')) {
      const names = SSO_SETTINGS.join(', ');
      throw new ConfigError(`Invalid configuration: ${names} go together, set all three or none (missing: ${missing.join(', ')})`);
    }
  }
  const sftpSet = [...SFTP_SETTINGS.filter((name) => parsed.data[name]), ...(hasSftpKey(parsed.data) ? ['a private key'] : [])];
  // A key still pending (the deploy has not put it in) leaves SFTP off, as the SSO secret does.
  if (sftpSet.length > 0 && sftpSet.length < SFTP_SETTINGS.length + 1 && !(sftpKeyPending && !hasSftpKey(parsed.data))) {
    throw new ConfigError(
      `Invalid configuration: ${SFTP_SETTINGS.join(', ')} and SFTP_PRIVATE_KEY (or SFTP_PRIVATE_KEY_FILE) go together, set all or none (set: ${sftpSet.join(', ')})`,
    );
  }
  if (parsed.data.SFTP_PRIVATE_KEY && parsed.data.SFTP_PRIVATE_KEY_FILE) {
    throw new ConfigError('Invalid configuration: set SFTP_PRIVATE_KEY or SFTP_PRIVATE_KEY_FILE, not both');
  }
  if (parsed.data.SCHEDULER_MODE === 'aws') {
    const unset = AWS_SCHEDULER_SETTINGS.filter((name) => !parsed.data[name]);
    if (unset.length > 0 && unset.length < AWS_SCHEDULER_SETTINGS.length) {
      throw new ConfigError(
        `Invalid configuration: ${AWS_SCHEDULER_SETTINGS.join(', ')} go together, set all four or none (missing: ${unset.join(', ')})`,
      );
    }
  }
  return parsed.data;
}

/** Whether single sign-on is configured (all three settings present). */
export const ssoConfigured = (config: Pick<Config, (typeof SSO_SETTINGS)[number]>) => SSO_SETTINGS.every((name) => Boolean(config[name]));

const hasSftpKey = (config: Pick<Config, 'SFTP_PRIVATE_KEY' | 'SFTP_PRIVATE_KEY_FILE'>) =>
  Boolean(config.SFTP_PRIVATE_KEY || config.SFTP_PRIVATE_KEY_FILE);

/** Whether SFTP delivery is configured (ADR 039): host, user, host key and a private key. */
export const sftpConfigured = (config: Pick<Config, (typeof SFTP_SETTINGS)[number] | 'SFTP_PRIVATE_KEY' | 'SFTP_PRIVATE_KEY_FILE'>) =>
  SFTP_SETTINGS.every((name) => Boolean(config[name])) && hasSftpKey(config);
