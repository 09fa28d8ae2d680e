import { loadConfig } from '@portal/backend/config';
import { jobDepsFromConfig } from '@portal/backend/platform/jobs';
import { createRateLimiter } from '@portal/backend/platform/security';
import { createTransferIdentityProvider } from '@portal/backend/sftp-users';

// Built once per container from the table and the clock only (ADR 059): this runs at every SFTP login's
// cold start. A bad configuration fails it with the variable named.
const config = loadConfig();
const { db, now } = jobDepsFromConfig(config);

/** What infra/sftp.ts gives this function besides the app's common variables. */
function setting(name: 'SFTP_USER_ROLE_ARN' | 'SFTP_SERVICE_USER' | 'SFTP_PREFIX'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required by the SFTP identity provider (infra/sftp.ts)`);
  return value;
}

const provider = createTransferIdentityProvider({
  db,
  now,
  rateLimiter: createRateLimiter(db, now),
  passwordHashCost: config.PASSWORD_HASH_COST,
  settings: {
    bucket: config.REPORTS_BUCKET,
    prefix: setting('SFTP_PREFIX'),
    roleArn: setting('SFTP_USER_ROLE_ARN'),
    serviceUser: setting('SFTP_SERVICE_USER'),
    ...(process.env.SFTP_SERVICE_PUBLIC_KEY ? { servicePublicKey: process.env.SFTP_SERVICE_PUBLIC_KEY } : {}),
  },
});

/**
 * AWS Transfer Family's custom identity provider (ADR 039 addendum): called at every SFTP login with
 * `{ username, password?, protocol, serverId, sourceIp }`; an answer without a Role denies it. The
 * password is never logged: a denial is logged by Transfer itself (the server's structured logs).
 */
export const handler = async (event: unknown) => provider.authenticate(event);
