import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '@portal/core/zod';
import { hashPassword } from '../platform/security/password-hash.ts';
import { getCustomer } from '../customers/index.ts';
import { getCustomerGroup, Id, ImportRejected } from '../masterdata/index.ts';
import type { Db } from '../platform/db/client.ts';
import { entity, getOne } from '../platform/db/entity.ts';

/**
 * A customer's SFTP login (ADR 039): where the customer fetches the report files the portal copies to
 * its folder. Data, not code: the `sftpUsers` import kind writes them, the local SFTP server reads them
 * at login (root `<customerId>/`); on AWS the operator creates the same user in Transfer Family from the
 * record (ADR 039 shows the command). Item: pk=SFTP_USER#<username>, sk=SFTP_USER (extends ADR 019).
 */
const PUBLIC_KEY = /^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(256|384|521)) [A-Za-z0-9+/]+={0,3}( [^\r\n]{0,200})?$/;

export const SftpUserImport = z
  .object({
    /** Lower-case, as Transfer Family user names are matched. */
    username: z
      .string()
      .check(z.trim(), z.regex(/^[a-z0-9][a-z0-9._-]{2,31}$/, '3-32 of a-z 0-9 . _ - (lower case), starting with a letter or digit')),
    /** The customer (or customer group) whose folder is the login's root. */
    customerId: Id,
    /** OpenSSH public key lines (`ssh-ed25519 AAAA... comment`). */
    publicKeys: z._default(
      z
        .array(z.string().check(z.trim(), z.maxLength(8192), z.regex(PUBLIC_KEY, 'must be an OpenSSH public key line')))
        .check(z.maxLength(10)),
      [],
    ),
    /** A password (local server only; Transfer Family's service-managed users take keys only): stored hashed. */
    password: z.optional(z.string().check(z.minLength(12), z.maxLength(200))),
  })
  .check(
    z.refine((u) => u.publicKeys.length > 0 || Boolean(u.password), { message: 'give publicKeys or a password', path: ['publicKeys'] }),
  );
export type SftpUserImport = z.infer<typeof SftpUserImport>;

export type SftpUser = { username: string; customerId: string; publicKeys: string[]; passwordHash?: string };

const keys = { pk: (username: string) => `SFTP_USER#${username}`, sk: 'SFTP_USER' };
const sftpUsers = entity<SftpUser & { type: string; updatedAt: string }>();

export async function getSftpUser(db: Db, username: string): Promise<SftpUser | null> {
  const item = await getOne(db, sftpUsers, { pk: keys.pk(username), sk: keys.sk });
  return (
    item && {
      username: item.username,
      customerId: item.customerId,
      publicKeys: item.publicKeys ?? [],
      ...(item.passwordHash ? { passwordHash: item.passwordHash } : {}),
    }
  );
}

/** Creates or replaces a login (re-importing overwrites; a given password is hashed anew). */
export async function importSftpUser(db: Db, record: SftpUserImport, passwordHashCost: number, now: Date): Promise<'created' | 'updated'> {
  if (!(await getCustomer(db, record.customerId)) && !(await getCustomerGroup(db, record.customerId)))
    throw new ImportRejected(`customerId: no customer or customer group '${record.customerId}'`);
  const res = await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        pk: keys.pk(record.username),
        sk: keys.sk,
        type: 'sftpUser',
        username: record.username,
        customerId: record.customerId,
        publicKeys: record.publicKeys,
        ...(record.password ? { passwordHash: await hashPassword(record.password, passwordHashCost) } : {}),
        updatedAt: now.toISOString(),
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return res.Attributes ? 'updated' : 'created';
}
