import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { usernameKey } from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import { entity, getOne, listPage } from '../platform/db/entity.ts';
import { onIndex } from '../platform/db/query.ts';

/**
 * Links of external identities (an OpenID Connect issuer + subject) to portal accounts (ADR 009).
 * Single sign-on finds the account only through such a link, never by e-mail.
 * Access patterns:
 * - account of an identity:  pk=IDENTITY#<issuer>#<subject>, sk=IDENTITY -> username
 * - identities of an account: gsi1 gsi1pk=IDENTITIES#<username lower>, gsi1sk=<issuer>#<subject>
 */
export type IdentityLink = {
  issuer: string;
  subject: string;
  username: string;
  createdAt: string;
  updatedAt: string;
};

/**
 * The issuer as compared: its URL form, so 'http://localhost:3013' and 'http://localhost:3013/' are one
 * issuer (OpenID discovery compares them the same way). Issuers have no fragment, so no '#' in the key.
 */
export const issuerKey = (issuer: string): string => new URL(issuer).href;

export const identityLinkKeys = {
  pk: (issuer: string, subject: string) => `IDENTITY#${issuerKey(issuer)}#${subject}`,
  sk: 'IDENTITY',
  gsi1pk: (username: string) => `IDENTITIES#${usernameKey(username)}`,
  gsi1sk: (issuer: string, subject: string) => `${issuerKey(issuer)}#${subject}`,
};

const identityLinks = entity<IdentityLink>();

export const getIdentityLink = (db: Db, issuer: string, subject: string): Promise<IdentityLink | null> =>
  getOne(db, identityLinks, { pk: identityLinkKeys.pk(issuer, subject), sk: identityLinkKeys.sk });

export const listIdentityLinks = (db: Db, username: string, cursor?: Record<string, unknown>) =>
  listPage(db, identityLinks, onIndex('gsi1', identityLinkKeys.gsi1pk(username)), { limit: 25, cursor });

/**
 * Links an identity to an account, or moves it to another account. Idempotent: linking the same
 * identity to the same account again only touches `updatedAt`. One atomic write.
 */
export async function putIdentityLink(
  db: Db,
  link: { issuer: string; subject: string; username: string },
  now: Date,
): Promise<'created' | 'updated'> {
  const res = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: { pk: identityLinkKeys.pk(link.issuer, link.subject), sk: identityLinkKeys.sk },
      UpdateExpression:
        'SET gsi1pk = :g1pk, gsi1sk = :g1sk, #type = :type, issuer = :iss, subject = :sub, ' +
        'username = :user, updatedAt = :now, createdAt = if_not_exists(createdAt, :now)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':g1pk': identityLinkKeys.gsi1pk(link.username),
        ':g1sk': identityLinkKeys.gsi1sk(link.issuer, link.subject),
        ':type': 'identityLink',
        ':iss': issuerKey(link.issuer),
        ':sub': link.subject,
        ':user': link.username,
        ':now': now.toISOString(),
      },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return res.Attributes?.createdAt ? 'updated' : 'created';
}
