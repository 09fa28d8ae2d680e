import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where local mode puts everything. Ports default to fixed values (PORT, then the stand-ins at PORT+10..15);
 * tests pass their own free ports. The names mirror what infra/ gives the Lambdas.
 */
export type LocalPorts = { app: number; dynamodb: number; s3: number; ses: number; oidc: number; sftp: number; sqs: number };

const PORT_VARIABLES = {
  dynamodb: 'DYNAMODB_PORT',
  s3: 'S3_PORT',
  ses: 'SES_PORT',
  oidc: 'OIDC_PORT',
  sftp: 'SFTP_PORT',
  sqs: 'SQS_PORT',
} as const;

/**
 * The ports of a local instance: each from its variable; without PORT, the others from `base` (what a
 * running instance announced) when given; else PORT (default 3000) and the stand-ins at PORT+10..14.
 */
export function localPorts(env: NodeJS.ProcessEnv = process.env, base?: LocalPorts): LocalPorts {
  const app = Number(env.PORT ?? base?.app ?? 3000);
  const offsets = { dynamodb: 10, s3: 11, ses: 12, oidc: 13, sftp: 14, sqs: 15 };
  const port = (name: keyof typeof PORT_VARIABLES) =>
    Number(env[PORT_VARIABLES[name]] ?? (env.PORT === undefined && base ? base[name] : app + offsets[name]));
  return {
    app,
    dynamodb: port('dynamodb'),
    s3: port('s3'),
    ses: port('ses'),
    oidc: port('oidc'),
    sftp: port('sftp'),
    sqs: port('sqs'),
  };
}

/**
 * The one origin of the local portal (APP_URL): redirect URIs of Microsoft sign-in, links in mails and
 * the address the server answers on (requests to another host name are redirected there).
 */
export const localAppUrl = (ports: Pick<LocalPorts, 'app'>, env: NodeJS.ProcessEnv = process.env) =>
  env.APP_URL ? new URL(env.APP_URL).origin : `http://localhost:${ports.app}`;

/**
 * A running `npm start` announces itself in its data folder (ports and origin, no secrets), so that
 * `npm run admin`, `npm run import` and `npm run seed` find it without PORT being set again.
 */
export type RunningInstance = { pid: number; appUrl: string; ports: LocalPorts };

const runningFile = (dataDir: string) => join(dataDir, 'running.json');

export function announceInstance(dataDir: string, instance: RunningInstance): () => void {
  const file = runningFile(dataDir);
  writeFileSync(file, `${JSON.stringify(instance, null, 2)}\n`);
  return () => rmSync(file, { force: true });
}

/** The instance running on this data folder, or null (no file, or its process is gone). */
export function runningInstance(dataDir: string): RunningInstance | null {
  try {
    const instance = JSON.parse(readFileSync(runningFile(dataDir), 'utf8')) as RunningInstance;
    process.kill(instance.pid, 0);
    return instance;
  } catch {
    return null;
  }
}

/**
 * The environment of a CLI (admin, import, seed): a stage's when TABLE_NAME is set; otherwise the
 * running `npm start` of DATA_DIR (default .data), where PORT, the *_PORT variables and APP_URL still win.
 */
export function cliEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (env.TABLE_NAME) return env;
  const dataDir = localDataDir(env);
  const running = runningInstance(dataDir);
  const ports = localPorts(env, running?.ports);
  const appUrl = running && !env.APP_URL && env.PORT === undefined ? running.appUrl : localAppUrl(ports, env);
  return { ...env, ...localEnv(ports, dataDir, appUrl) };
}

/**
 * The local OpenID provider's one client (scripts/local/oidc-provider.ts), i.e. the app registration
 * that stands in for the Entra ID one. Here rather than there so that reading the environment does not
 * load oidc-provider.
 */
export const LOCAL_OIDC_CLIENT = { clientId: 'portal-local', clientSecret: 'local-only-oidc-secret' };

/** The local provider's issuer: the same origin it listens on. */
export const localOidcIssuer = (ports: Pick<LocalPorts, 'oidc'>) => `http://localhost:${ports.oidc}`;

export const localDataDir = (env: NodeJS.ProcessEnv = process.env) => resolve(env.DATA_DIR ?? '.data');

/** The local SFTP server's keys (made once by scripts/local/sftp-server.ts localSftpKeys) and its service user. */
export const localSftpKeyFiles = (dataDir: string) => ({
  host: join(dataDir, 'sftp-keys', 'host_ed25519'),
  service: join(dataDir, 'sftp-keys', 'portal_ed25519'),
});
export const LOCAL_SFTP_SERVICE_USER = 'portal';

/**
 * SFTP delivery to the local SFTP server (ADR 039): its address, the service user's key and the pinned
 * host key, read from the keys `npm start` made; none before the first start (SFTP then not configured).
 */
function localSftpEnv(ports: Pick<LocalPorts, 'sftp'>, dataDir: string): Record<string, string> {
  const files = localSftpKeyFiles(dataDir);
  if (!existsSync(`${files.host}.pub`) || !existsSync(files.service)) return {};
  const blob = Buffer.from(readFileSync(`${files.host}.pub`, 'utf8').trim().split(/\s+/)[1] ?? '', 'base64');
  return {
    SFTP_HOST: '127.0.0.1',
    SFTP_PORT: String(ports.sftp),
    SFTP_USER: LOCAL_SFTP_SERVICE_USER,
    SFTP_PRIVATE_KEY_FILE: files.service,
    SFTP_HOST_KEY_SHA256: `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`,
  };
}

/**
 * The SQS stand-in's address, and the import queue's URL as fauxqs names it (`sqs.<region>.localhost`, its
 * default account): the SDK sends to the endpoint, fauxqs finds the queue by that URL.
 */
export const localSqsEndpoint = (ports: Pick<LocalPorts, 'sqs'>) => `http://127.0.0.1:${ports.sqs}`;
export const LOCAL_IMPORT_QUEUE = 'portal-local-imports';
export const localImportQueueUrl = (ports: Pick<LocalPorts, 'sqs'>) =>
  `http://sqs.eu-central-1.localhost:${ports.sqs}/000000000000/${LOCAL_IMPORT_QUEUE}`;

export function localEnv(ports: LocalPorts, dataDir = localDataDir(), appUrl = localAppUrl(ports)): Record<string, string> {
  return {
    STAGE: 'local',
    AWS_REGION: 'eu-central-1',
    // Never hand real credentials to the stand-ins. s3rver accepts only this pair; the others accept any.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    TABLE_NAME: 'portal-local',
    FILES_BUCKET: 'portal-local-files',
    REPORTS_BUCKET: 'portal-local-reports',
    MAIL_FROM: 'no-reply@portal.example',
    APP_URL: appUrl,
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    SES_ENDPOINT: `http://127.0.0.1:${ports.ses}`,
    // Stands in for the stage's KMS key (ADR 012).
    TOTP_KEY_FILE: join(dataDir, 'totp.key'),
    // Signs the report mails' unsubscribe and download links (ADR 042); made on first use.
    REPORT_LINK_KEY_FILE: join(dataDir, 'report-link.key'),
    // The in-process stand-in for EventBridge Scheduler (ADR 005).
    SCHEDULER_MODE: 'local',
    SCHEDULER_FILE: join(dataDir, 'scheduler', 'schedules.json'),
    // "Continue with Microsoft" against the local stand-in for Entra ID (ADR 009).
    SSO_ISSUER: localOidcIssuer(ports),
    SSO_CLIENT_ID: LOCAL_OIDC_CLIENT.clientId,
    SSO_CLIENT_SECRET: LOCAL_OIDC_CLIENT.clientSecret,
    ...localSftpEnv(ports, dataDir),
    // The import queue on the SQS stand-in (fauxqs, ADR 069): scripts/local/import-queue.ts makes it.
    SQS_ENDPOINT: localSqsEndpoint(ports),
    IMPORT_QUEUE_URL: localImportQueueUrl(ports),
  };
}
