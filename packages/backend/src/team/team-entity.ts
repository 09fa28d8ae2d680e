import type { Portal } from '@portal/core/shared';
import type { TeamPermissions } from '@portal/core/auth/team';
import type { Account } from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import { entity, getOne, listAll } from '../platform/db/entity.ts';
import { onIndex, onPartition } from '../platform/db/query.ts';
import { toTtl } from '../platform/db/table.ts';
import type { TxItem } from '../platform/db/transact.ts';

/**
 * A customer's team (ADR 113): its pending invitations and its seat ledger, in one partition per customer.
 * Access patterns:
 * - a customer's invitations:  pk=TEAM#<customerId>, sk begins_with INVITE# (one consistent Query)
 * - an invitation by id:       pk=TEAM#<customerId>, sk=INVITE#<invitationId>
 * - an invitation by its link: gsi1 gsi1pk=TEAM_TOKEN#<sha256 of the token> (the token is never stored)
 * - the seat ledger:           pk=TEAM#<customerId>, sk=SEATS — a version every seat-taking write moves
 *   (conditional), and the usernames made active in the last INDEX_SETTLE_MS, which gsi2 may not show yet.
 * Invitations expire after INVITATION_TTL_DAYS; the item is deleted by TTL 30 days after that.
 */
export type InvitationRecord = {
  customerId: string;
  invitationId: string;
  tokenHash: string;
  email: string;
  firstname: string;
  surname: string;
  portal: Portal;
  brandId: string;
  locale: string;
  permissions: TeamPermissions;
  /** The module flags the account gets (the names above, as granted when invited). */
  modules: Account['modules'];
  invitedBy: string;
  idempotencyKey?: string;
  status: 'pending' | 'accepted' | 'withdrawn';
  createdAt: string;
  expiresAt: string;
  acceptedBy?: string;
};

export type SeatLedger = { v: number; recent: { username: string; at: string }[] };

const pk = (customerId: string) => `TEAM#${customerId}`;
const inviteSk = (invitationId: string) => `INVITE#${invitationId}`;
const tokenKey = (tokenHash: string) => `TEAM_TOKEN#${tokenHash}`;
const SEATS_SK = 'SEATS';
const KEEP_AFTER_EXPIRY_DAYS = 30;

const invitations = entity<InvitationRecord>({ drop: ['expiresTtl'] });
const ledgers = entity<SeatLedger>();

export const getInvitation = (db: Db, customerId: string, invitationId: string) =>
  getOne(db, invitations, { pk: pk(customerId), sk: inviteSk(invitationId) }, { consistent: true });

/** Every invitation of a customer, any status (strongly consistent: a seat count reads it). */
export async function listInvitations(db: Db, customerId: string): Promise<InvitationRecord[]> {
  const partition = onPartition(pk(customerId));
  const { items } = await listAll(db, invitations, {
    KeyConditionExpression: `${partition.KeyConditionExpression} AND begins_with(sk, :invite)`,
    ExpressionAttributeValues: { ...partition.ExpressionAttributeValues, ':invite': 'INVITE#' },
    ConsistentRead: true,
  });
  return items;
}

/** The invitation a link names (gsi1, eventually consistent: the acceptance's conditions decide). */
export async function findInvitationByToken(db: Db, tokenHash: string): Promise<InvitationRecord | null> {
  const { items } = await listAll(db, invitations, onIndex('gsi1', tokenKey(tokenHash)));
  return items[0] ?? null;
}

export const getSeatLedger = async (db: Db, customerId: string): Promise<SeatLedger> =>
  (await getOne(db, ledgers, { pk: pk(customerId), sk: SEATS_SK }, { consistent: true })) ?? { v: 0, recent: [] };

/** Moves the ledger's version from `seen` (a lost race fails the transaction) and keeps the recent names. */
export function seatLedgerUpdate(db: Db, customerId: string, seen: SeatLedger, recent: SeatLedger['recent']): TxItem {
  return {
    Update: {
      TableName: db.table,
      Key: { pk: pk(customerId), sk: SEATS_SK },
      UpdateExpression: 'SET v = :next, recent = :recent, #type = :type',
      ConditionExpression: seen.v === 0 ? 'attribute_not_exists(v)' : 'v = :seen',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':next': seen.v + 1,
        ':recent': recent,
        ':type': 'teamSeats',
        ...(seen.v === 0 ? {} : { ':seen': seen.v }),
      },
    },
  };
}

const ttlOf = (expiresAt: string) => toTtl(new Date(Date.parse(expiresAt) + KEEP_AFTER_EXPIRY_DAYS * 86_400_000));

export function invitationPut(db: Db, invitation: InvitationRecord): TxItem {
  return {
    Put: {
      TableName: db.table,
      Item: {
        pk: pk(invitation.customerId),
        sk: inviteSk(invitation.invitationId),
        gsi1pk: tokenKey(invitation.tokenHash),
        gsi1sk: 'INVITE',
        type: 'teamInvitation',
        ...invitation,
        expiresTtl: ttlOf(invitation.expiresAt),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A conditional update of a pending invitation: both writes below need it still pending, and more. */
function pendingInvitationUpdate(
  db: Db,
  invitation: Pick<InvitationRecord, 'customerId' | 'invitationId'>,
  update: { set: string; condition: string; values: Record<string, unknown> },
): TxItem {
  return {
    Update: {
      TableName: db.table,
      Key: { pk: pk(invitation.customerId), sk: inviteSk(invitation.invitationId) },
      UpdateExpression: update.set,
      ConditionExpression: `#status = :pending AND ${update.condition}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending', ...update.values },
    },
  };
}

/** Takes a pending, unexpired invitation with this token out of use (accepted or withdrawn): single use by condition. */
export function invitationClose(
  db: Db,
  invitation: Pick<InvitationRecord, 'customerId' | 'invitationId' | 'tokenHash'>,
  close: { status: 'accepted' | 'withdrawn'; by: string },
  now: Date,
): TxItem {
  return pendingInvitationUpdate(db, invitation, {
    set: 'SET #status = :status, acceptedBy = :by REMOVE gsi1pk, gsi1sk',
    condition: 'tokenHash = :hash AND expiresAt > :now',
    values: { ':status': close.status, ':by': close.by, ':hash': invitation.tokenHash, ':now': now.toISOString() },
  });
}

/** A new link and expiry for a pending invitation (resend): the old link stops working. */
export function invitationRenew(db: Db, invitation: InvitationRecord, tokenHash: string, expiresAt: string): TxItem {
  return pendingInvitationUpdate(db, invitation, {
    set: 'SET tokenHash = :hash, gsi1pk = :gsi1pk, expiresAt = :expires, expiresTtl = :ttl',
    condition: 'tokenHash = :seen',
    values: {
      ':hash': tokenHash,
      ':gsi1pk': tokenKey(tokenHash),
      ':expires': expiresAt,
      ':ttl': ttlOf(expiresAt),
      ':seen': invitation.tokenHash,
    },
  });
}
