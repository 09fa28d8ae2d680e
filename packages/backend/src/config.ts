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

/** What the API needs to manage schedules on AWS (infra/api.ts; ADR 005): all four or none. */
const AWS_SCHEDULER_SETTINGS = ['SCHEDULE_GROUP_NAME', 'REPORT_RUNNER_ARN', 'SCHEDULER_ROLE_ARN', 'SCHEDULER_DLQ_ARN'] as const;
const arn = z.string().check(z.regex(/^arn:[^:]+:[^:]+:/, 'must be an ARN'));

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
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const sstSecret = env[SST_SSO_SECRET_VARIABLE];
  // The placeholder means the deploy has not put the value in yet: single sign-on stays off meanwhile
  // (it answers SSO.NOT_CONFIGURED) rather than failing every cold start of the API.
  const secretPending = !env.SSO_CLIENT_SECRET && sstSecret === SST_SECRET_PLACEHOLDER;
  const parsed = ConfigSchema.safeParse({
    ...env,
    SSO_CLIENT_SECRET: env.SSO_CLIENT_SECRET || (secretPending ? undefined : sstSecret),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const missing = SSO_SETTINGS.filter((name) => !parsed.data[name]);
  if (missing.length > 0 && missing.length < SSO_SETTINGS.length) {
    if (!(secretPending && missing.length === 1 && missing[0] === 'SSO_CLIENT_SECRET')) {
      const names = SSO_SETTINGS.join(', ');
      throw new ConfigError(
        `Invalid configuration: ${names} go together, set all three or none (missing: ${missing.join(', ')})`,
      );
    }
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
export const ssoConfigured = (config: Pick<Config, (typeof SSO_SETTINGS)[number]>) =>
  SSO_SETTINGS.every((name) => Boolean(config[name]));
