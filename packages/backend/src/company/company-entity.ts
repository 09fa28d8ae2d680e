import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CompanyChangeKind, CompanyProfile } from '@portal/core/company';
import type { ChangeDiffEntry } from '@portal/core/workflow';
import type { Db } from '../platform/db/client.ts';
import { applied, stillAsRead } from '../platform/db/conditions.ts';
import { entity, listPage, skStartsWith } from '../platform/db/entity.ts';
import { onIndex, queryAll, queryPage } from '../platform/db/query.ts';
import type { TxItem } from '../platform/db/transact.ts';

/**
 * A customer's company (ADR 085), all in the partition `pk = COMPANY#<customerId>`:
 * - PROFILE               the profile and its revision `rev` (every applied change: one conditional write, rev + 1)
 * - PENDING#<kind>        the kind's lock: the request that holds it (taken when a change is filed, released when
 *                         the approval applies it; a lock whose request was rejected or archived is stale)
 * - EFFECT#<requestId>    an approved change whose apply runs through a port (assets): the outbox row, claimed
 *                         conditionally, deleted once the port applied it; indexed in gsi1 under `COMPANYFX`
 *                         (sparse: only rows in flight) so the sweep finds every customer's without a scan
 * - AUDIT#<at>#<kind>#<n> old → new of each applied change, who, and the request it came from
 * The company screen's read is one Query from `EFFECT#` on (the few lock and outbox rows and the profile; the
 * audit sorts before them) and one Query of the newest audit entries.
 */
export const companyPk = (customerId: string) => `COMPANY#${customerId}`;
const SK = { profile: 'PROFILE', pending: 'PENDING#', effect: 'EFFECT#', audit: 'AUDIT#' } as const;

export type StoredProfile = { customerId: string; profile: CompanyProfile; rev: number; updatedAt: string; updatedBy: string };
/** `diff`: what the waiting change proposes, shown on the company screen without reading the request. */
export type CompanyLock = { kind: CompanyChangeKind; requestId: string; diff: ChangeDiffEntry[] };
export type CompanyEffect = { kind: CompanyChangeKind; requestId: string; proposed: Record<string, unknown>; claimedUntil: string | null };
export type CompanyAuditEntry = {
  at: string;
  actor: string;
  kind: CompanyChangeKind;
  /** The request the change came through; null for a change applied at once. */
  requestId: string | null;
  diff: ChangeDiffEntry[];
};

const profiles = entity<StoredProfile>();
const locks = entity<CompanyLock>();
const effects = entity<CompanyEffect>();
const audits = entity<CompanyAuditEntry>();

/** The profile, the locks and the outbox rows: one Query (bounded: a profile, ≤ 3 locks, the few approved effects in flight). */
export async function readCompany(db: Db, customerId: string) {
  const { items } = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND sk >= :from',
    ExpressionAttributeValues: { ':pk': companyPk(customerId), ':from': SK.effect },
    ConsistentRead: true,
  });
  const profile = items.find((i) => i.sk === SK.profile);
  return {
    profile: profile ? profiles.read(profile) : null,
    locks: items.filter((i) => skStartsWith(i, SK.pending)).map((i) => locks.read(i)),
    effects: items.filter((i) => skStartsWith(i, SK.effect)).map((i) => effects.read(i)),
  };
}

/** The newest `n` audit entries (one Query, newest first). */
export async function newestAudit(db: Db, customerId: string, n: number): Promise<CompanyAuditEntry[]> {
  const page = await listPage(
    db,
    audits,
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)',
      ExpressionAttributeValues: { ':pk': companyPk(customerId), ':audit': SK.audit },
      ScanIndexForward: false,
    },
    { limit: n },
  );
  return page.items;
}

/**
 * The profile written at `rev + 1` only if it is still at `rev` (0: none stored yet): the one condition that makes a
 * stale save (a form read before another change) fail instead of overwriting.
 */
export function profilePut(db: Db, stored: StoredProfile, beforeRev: number): TxItem {
  return {
    Put: {
      TableName: db.table,
      Item: { pk: companyPk(stored.customerId), sk: SK.profile, type: 'companyProfile', ...stored },
      ConditionExpression: beforeRev === 0 ? 'attribute_not_exists(pk)' : '#rev = :rev',
      ...(beforeRev === 0 ? {} : { ExpressionAttributeNames: { '#rev': 'rev' }, ExpressionAttributeValues: { ':rev': beforeRev } }),
    },
  };
}

/** The profile still at `rev` (a change filed for approval does not move it, but must be based on the current one). */
export function profileAt(db: Db, customerId: string, rev: number): TxItem {
  return {
    ConditionCheck: {
      TableName: db.table,
      Key: { pk: companyPk(customerId), sk: SK.profile },
      ConditionExpression: rev === 0 ? 'attribute_not_exists(pk)' : '#rev = :rev',
      ...(rev === 0 ? {} : { ExpressionAttributeNames: { '#rev': 'rev' }, ExpressionAttributeValues: { ':rev': rev } }),
    },
  };
}

const lockKey = (customerId: string, kind: CompanyChangeKind) => ({ pk: companyPk(customerId), sk: `${SK.pending}${kind}` });
/** The lock's condition: free, or still held by the stale request the caller saw (null: free). */
const lockCondition = (stale: string | null) => stillAsRead('requestId', stale);

/** Takes the kind's lock for `requestId` (free, or held by the stale request `stale`). */
export const lockPut = (db: Db, customerId: string, lock: CompanyLock, stale: string | null): TxItem => ({
  Put: { TableName: db.table, Item: { ...lockKey(customerId, lock.kind), type: 'companyLock', ...lock }, ...lockCondition(stale) },
});

/** A direct save: the lock is as the caller saw it (free, or stale) — no change was filed meanwhile. */
export const lockAsSeen = (db: Db, customerId: string, kind: CompanyChangeKind, stale: string | null): TxItem => ({
  ConditionCheck: { TableName: db.table, Key: lockKey(customerId, kind), ...lockCondition(stale) },
});

/** Releases the lock only if `requestId` holds it (the approval that applies the change). */
export const lockRelease = (db: Db, customerId: string, kind: CompanyChangeKind, requestId: string): TxItem => ({
  Delete: { TableName: db.table, Key: lockKey(customerId, kind), ...lockCondition(requestId) },
});

export const auditPut = (db: Db, customerId: string, entry: CompanyAuditEntry, tag: string): TxItem => ({
  Put: {
    TableName: db.table,
    Item: { pk: companyPk(customerId), sk: `${SK.audit}${entry.at}#${entry.kind}#${tag}`, type: 'companyAudit', ...entry },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const effectKey = (customerId: string, requestId: string) => ({ pk: companyPk(customerId), sk: `${SK.effect}${requestId}` });
/** The sweep's index partition of the outbox rows in flight (ADR 107): few at any time, each deleted when done. */
const EFFECTS_INDEX = 'COMPANYFX';

/** The outbox row of an approved change, written once in the approval's transaction (and indexed for the sweep). */
export const effectPut = (db: Db, customerId: string, effect: CompanyEffect): TxItem => ({
  Put: {
    TableName: db.table,
    Item: {
      ...effectKey(customerId, effect.requestId),
      type: 'companyEffect',
      gsi1pk: EFFECTS_INDEX,
      gsi1sk: `${customerId}#${effect.requestId}`,
      customerId,
      ...effect,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const effectsInFlight = entity<CompanyEffect & { customerId: string }>();
/** Up to `limit` outbox rows of every customer (one Query of the sparse index; eventually consistent: the claim decides). */
export async function effectsToRetry(db: Db, limit: number) {
  const { items } = await queryPage(db, { ...onIndex('gsi1', EFFECTS_INDEX), Limit: limit });
  return items.map((i) => effectsInFlight.read(i));
}

/** Claims the outbox row until `until`: unclaimed, or its claim lapsed (a worker that stopped half way). False: another holds it, or it is done. */
export const claimEffect = (db: Db, customerId: string, requestId: string, now: string, until: string): Promise<boolean> =>
  applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: effectKey(customerId, requestId),
        UpdateExpression: 'SET claimedUntil = :until',
        ConditionExpression: 'attribute_exists(pk) AND (claimedUntil = :null OR claimedUntil < :now)',
        ExpressionAttributeValues: { ':until': until, ':null': null, ':now': now },
      }),
    ),
  );

/** The outbox row done: deleted by the claim that applied it (a lapsed claim another took over leaves it to that one). */
export const finishEffect = (db: Db, customerId: string, requestId: string, until: string): Promise<boolean> =>
  applied(
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: effectKey(customerId, requestId),
        ConditionExpression: 'claimedUntil = :until',
        ExpressionAttributeValues: { ':until': until },
      }),
    ),
  );
