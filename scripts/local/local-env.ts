import { join, resolve } from 'node:path';

/**
 * Where local mode puts everything. Ports default to fixed values so the import CLI finds a running
 * `npm start`; tests pass their own free ports. The names mirror what infra/ gives the Lambdas.
 */
export type LocalPorts = { app: number; dynamodb: number; s3: number; ses: number; oidc: number };

export function localPorts(env: NodeJS.ProcessEnv = process.env): LocalPorts {
  const app = Number(env.PORT ?? 3000);
  return {
    app,
    dynamodb: Number(env.DYNAMODB_PORT ?? app + 10),
    s3: Number(env.S3_PORT ?? app + 11),
    ses: Number(env.SES_PORT ?? app + 12),
    oidc: Number(env.OIDC_PORT ?? app + 13),
  };
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

export function localEnv(ports: LocalPorts, dataDir = localDataDir()): Record<string, string> {
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
    APP_URL: `http://localhost:${ports.app}`,
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    SES_ENDPOINT: `http://127.0.0.1:${ports.ses}`,
    // Stands in for the stage's KMS key (ADR 012).
    TOTP_KEY_FILE: join(dataDir, 'totp.key'),
    // "Continue with Microsoft" against the local stand-in for Entra ID (ADR 009).
    SSO_ISSUER: localOidcIssuer(ports),
    SSO_CLIENT_ID: LOCAL_OIDC_CLIENT.clientId,
    SSO_CLIENT_SECRET: LOCAL_OIDC_CLIENT.clientSecret,
  };
}
