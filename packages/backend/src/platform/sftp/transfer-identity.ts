import * as z from '@portal/core/zod';
import { verifyPassword } from '../../auth/password-hash.ts';
import { AppError } from '../../errors.ts';
import type { Db } from '../db/client.ts';
import type { RateLimiter } from '../security/rate-limiter.ts';
import { getSftpUser } from './sftp-user-entity.ts';

/**
 * The AWS Transfer Family custom identity provider (ADR 039 addendum): Transfer calls a Lambda at every
 * SFTP login, and this decides from the same `sftpUsers` records the local SFTP server reads, so a
 * customer's login works on AWS exactly as under `npm start` — by key or by password — and the operator
 * no longer creates Transfer users by hand. An empty answer denies the login (Transfer's contract).
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

/** Password guesses: per login name and per source address, like the portal's sign-in (ADR 010). */
export const SFTP_PASSWORDS_PER_USER = { name: 'sftp-password-user', limit: 10, windowSeconds: 15 * 60 };
export const SFTP_PASSWORDS_PER_IP = { name: 'sftp-password-ip', limit: 30, windowSeconds: 15 * 60 };

const USERNAME = /^[a-z0-9][a-z0-9._-]{2,31}$/;

export function createTransferIdentityProvider(deps: { db: Db; rateLimiter: RateLimiter; settings: TransferIdentitySettings }) {
  const { bucket, prefix, roleArn, serviceUser, servicePublicKey } = deps.settings;

  /** The login's home (`/` → bucket/prefix[/folder]) and a session policy allowing that folder only. */
  function identity(folder: string | null, publicKeys?: string[]): TransferIdentity {
    const path = folder ? `${prefix}/${folder}` : prefix;
    const policy = {
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: `arn:aws:s3:::${bucket}`, Condition: { StringLike: { 's3:prefix': [`${path}/*`, `${path}/`, path] } } },
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

  /** Counts a password attempt; false once the user's or the address's window is used up. */
  async function mayTryPassword(username: string, sourceIp: string): Promise<boolean> {
    try {
      await deps.rateLimiter.hit(SFTP_PASSWORDS_PER_USER, username);
      await deps.rateLimiter.hit(SFTP_PASSWORDS_PER_IP, sourceIp);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.kind === 'rate_limited') return false;
      throw error;
    }
  }

  return {
    async authenticate(event: unknown): Promise<TransferAnswer> {
      const parsed = TransferAuthEvent.safeParse(event);
      if (!parsed.success || !USERNAME.test(parsed.data.username)) return {};
      const { username, password, sourceIp } = parsed.data;
      if (username === serviceUser) {
        // The portal's own login never takes a password: a key it holds in a secret (ADR 039).
        return servicePublicKey && !password ? identity(null, [servicePublicKey]) : {};
      }
      const user = await getSftpUser(deps.db, username);
      if (!password) return user && user.publicKeys.length > 0 ? identity(user.customerId, user.publicKeys) : {};
      // Counted before the lookup's answer is used, so unknown names cost a guesser the same as known ones.
      if (!(await mayTryPassword(username, sourceIp ?? 'unknown'))) return {};
      if (!user?.passwordHash || !(await verifyPassword(password, user.passwordHash))) return {};
      return identity(user.customerId);
    },
  };
}
