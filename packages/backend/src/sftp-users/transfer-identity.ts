import * as z from '@portal/core/zod';
import type { Db } from '../platform/db/client.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';
import { createSftpLogin } from './sftp-login.ts';

/**
 * The AWS Transfer Family custom identity provider (ADR 039 addendum): Transfer calls a Lambda at every
 * SFTP login, and this decides from the same `sftpUsers` records the local SFTP server reads, so a
 * customer's login works on AWS exactly as under `npm start` — by key or by password — and the operator
 * no longer creates Transfer users by hand. Who may log in is sftp-login.ts's decision, the one the local
 * server takes too (ADR 052); this only turns it into Transfer's answer. An empty answer denies the login
 * (Transfer's contract).
 */

/** Transfer's request: `password` is absent or empty for a key login (Transfer then checks the key itself). */
const TransferAuthEvent = z.object({
  username: z.string().check(z.maxLength(100)),
  password: z.optional(z.string().check(z.maxLength(1024))),
  protocol: z.optional(z.string()),
  serverId: z.optional(z.string()),
  sourceIp: z.optional(z.string().check(z.maxLength(64))),
});

export type TransferIdentity = {
  Role: string;
  HomeDirectoryType: 'LOGICAL';
  /** JSON text: the logical root `/` mapped onto the login's folder in the bucket. */
  HomeDirectoryDetails: string;
  /** A session policy narrowing the shared role to the login's folder (JSON text). */
  Policy: string;
  /** Key logins only: the keys Transfer may accept. */
  PublicKeys?: string[];
};
/** Transfer denies a login when the function answers without a Role. */
export type TransferAnswer = TransferIdentity | Record<string, never>;

export type TransferIdentitySettings = {
  /** The bucket and prefix Transfer serves (ADR 039: the reports bucket's `sftp/`). */
  bucket: string;
  prefix: string;
  /** The role Transfer assumes for every login (infra/sftp.ts SftpUserRole). */
  roleArn: string;
  /** The portal's own user (the report runner's SFTP_USER): key only, sees the whole prefix. */
  serviceUser: string;
  servicePublicKey?: string;
};

export function createTransferIdentityProvider(deps: {
  db: Db;
  now: () => Date;
  rateLimiter: RateLimiter;
  settings: TransferIdentitySettings;
  passwordHashCost?: number;
}) {
  const { bucket, prefix, roleArn, serviceUser, servicePublicKey } = deps.settings;
  const logins = createSftpLogin({
    db: deps.db,
    now: deps.now,
    rateLimiter: deps.rateLimiter,
    serviceUser,
    ...(servicePublicKey ? { servicePublicKey } : {}),
    ...(deps.passwordHashCost ? { passwordHashCost: deps.passwordHashCost } : {}),
  });

  /** The login's home (`/` → bucket/prefix[/folder]) and a session policy allowing that folder only. */
  function identity(folder: string | null, publicKeys?: string[]): TransferIdentity {
    const path = folder ? `${prefix}/${folder}` : prefix;
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:ListBucket'],
          Resource: `arn:aws:s3:::${bucket}`,
          Condition: { StringLike: { 's3:prefix': [`${path}/*`, `${path}/`, path] } },
        },
        { Effect: 'Allow', Action: ['s3:GetBucketLocation'], Resource: `arn:aws:s3:::${bucket}` },
        {
          Effect: 'Allow',
          Action: ['s3:GetObject', 's3:GetObjectVersion', 's3:PutObject', 's3:DeleteObject', 's3:DeleteObjectVersion'],
          Resource: `arn:aws:s3:::${bucket}/${path}/*`,
        },
      ],
    };
    return {
      Role: roleArn,
      HomeDirectoryType: 'LOGICAL',
      HomeDirectoryDetails: JSON.stringify([{ Entry: '/', Target: `/${bucket}/${path}` }]),
      Policy: JSON.stringify(policy),
      ...(publicKeys ? { PublicKeys: publicKeys } : {}),
    };
  }

  return {
    async authenticate(event: unknown): Promise<TransferAnswer> {
      const parsed = TransferAuthEvent.safeParse(event);
      if (!parsed.success) return {};
      const { username, password, sourceIp } = parsed.data;
      // Transfer sends no password (or an empty one) for a key login, then checks the key itself.
      if (!password) {
        const login = await logins.keyLogin(username);
        return login ? identity(login.folder, login.publicKeys) : {};
      }
      const login = await logins.passwordLogin(username, password, sourceIp ?? 'unknown');
      return login ? identity(login.folder) : {};
    },
  };
}
