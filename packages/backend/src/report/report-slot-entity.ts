import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../platform/db/client.ts';
import { applied, isConditionFailure } from '../platform/db/conditions.ts';
import { type TxItem, transactWrite } from '../platform/db/transact.ts';

/**
 * The fleet's report part slots (ADR 077): at most `cap` parts of all fanned-out report jobs read at once,
 * so the 1st of the month stays within the table's throughput. One partition `RSLOTS`:
 * - `COUNT`: `running`, the slots held; a claim adds 1 only while `running < cap` (conditional);
 * - `HOLD#<jobId>#<part>`: a held slot with its lease (`leaseUntil`, ISO); a part that never releases
 *   (its Lambda timed out, its launch was lost) is swept once the lease passed and waits again.
 * One partition `RWAIT`, parts waiting for a slot, longest job first: `<rank>#<at>#<jobId>[#<part>]` with
 * `pending` (part indexes, in order) and a version `v` each claim moves on (conditional).
 * Key arithmetic (ADR 077): a part's start and end are 8 WCU on `RSLOTS` (two 2-item transactions),
 * ≤ 125 part starts a second within its 1,000 WCU/s; `RWAIT` takes 2 WCU a start and one Put a job.
 */
const SLOTS = 'RSLOTS';
const WAIT = 'RWAIT';
const COUNT = { pk: SLOTS, sk: 'COUNT' };
const holdKey = (jobId: string, part: number) => ({ pk: SLOTS, sk: `HOLD#${jobId}#${part}` });

export type PartClaim = { jobId: string; part: number };
type Waiting = { pk: string; sk: string; jobId: string; pending: number[]; v: number };

/** Ranks waiting jobs longest first (their slowest part's seconds); a swept part (rank 0) goes before all. */
const rankOf = (seconds: number) => String(99_999_999 - Math.min(99_999_999, Math.max(0, Math.round(seconds)))).padStart(8, '0');

function waitPut(db: Db, jobId: string, parts: readonly number[], rank: string, at: Date, suffix = ''): TxItem {
  return {
    Put: {
      TableName: db.table,
      Item: { pk: WAIT, sk: `${rank}#${at.toISOString()}#${jobId}${suffix}`, type: 'reportPartWait', jobId, pending: [...parts], v: 0 },
    },
  };
}

const countAdd = (db: Db, delta: number, cap?: number): TxItem => ({
  Update: {
    TableName: db.table,
    Key: COUNT,
    UpdateExpression: 'ADD running :d',
    ...(cap === undefined
      ? { ExpressionAttributeValues: { ':d': delta } }
      : {
          ConditionExpression: 'attribute_not_exists(running) OR running < :cap',
          ExpressionAttributeValues: { ':d': delta, ':cap': cap },
        }),
  },
});

/** A fanned-out job's parts wait for slots (one Put); `seconds`: its slowest part's estimate, for the order. */
export async function waitForSlots(db: Db, jobId: string, parts: readonly number[], seconds: number, at: Date): Promise<void> {
  if (parts.length) await transactWrite(db, [waitPut(db, jobId, parts, rankOf(seconds), at)]);
}

/** The slots held now (a consistent read of `COUNT`). */
export async function slotsHeld(db: Db): Promise<number> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: COUNT, ConsistentRead: true }));
  return Number(res.Item?.running ?? 0);
}

/** The held slots whose lease passed: each freed and its part put first in line again, in one transaction. */
async function sweepExpired(db: Db, at: Date): Promise<void> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :hold)',
      ExpressionAttributeValues: { ':pk': SLOTS, ':hold': 'HOLD#' },
      ConsistentRead: true,
    }),
  );
  const now = at.toISOString();
  for (const item of res.Items ?? []) {
    if (String(item.leaseUntil) >= now) continue;
    const jobId = String(item.jobId);
    const part = Number(item.part);
    await transactWrite(db, [
      {
        Delete: {
          TableName: db.table,
          Key: holdKey(jobId, part),
          ConditionExpression: 'leaseUntil = :seen',
          ExpressionAttributeValues: { ':seen': item.leaseUntil },
        },
      },
      countAdd(db, -1),
      waitPut(db, jobId, [part], rankOf(Number.MAX_SAFE_INTEGER), at, `#${part}`),
    ]).catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error; // another sweep or the part's own release came first
    });
  }
}

async function oldestWaiting(db: Db): Promise<Waiting | null> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': WAIT },
      ConsistentRead: true,
      Limit: 1,
    }),
  );
  const item = res.Items?.[0];
  return item
    ? {
        pk: String(item.pk),
        sk: String(item.sk),
        jobId: String(item.jobId),
        pending: Array.isArray(item.pending) ? item.pending.map(Number) : [],
        v: Number(item.v),
      }
    : null;
}

/**
 * Takes free slots for waiting parts, longest job first, and answers them (the caller launches each). A
 * claim is one transaction: the count (only below `cap`), the part's lease, the wait item moved on (only at
 * the version read). Lost races are read again; after a few in a row another caller is claiming: it stops.
 */
export async function claimWaitingParts(db: Db, cap: number, at: Date, leaseMs: number): Promise<PartClaim[]> {
  await sweepExpired(db, at);
  const claims: PartClaim[] = [];
  let free = cap - (await slotsHeld(db));
  let waiting = free > 0 ? await oldestWaiting(db) : null;
  for (let lost = 0; free > 0 && waiting && lost < 3;) {
    const [part, ...rest] = waiting.pending;
    const key = { pk: waiting.pk, sk: waiting.sk };
    const moveOn: TxItem = rest.length
      ? {
          Update: {
            TableName: db.table,
            Key: key,
            UpdateExpression: 'SET pending = :rest, v = :next',
            ConditionExpression: 'v = :v',
            ExpressionAttributeValues: { ':rest': rest, ':next': waiting.v + 1, ':v': waiting.v },
          },
        }
      : { Delete: { TableName: db.table, Key: key, ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': waiting.v } } };
    const hold: TxItem = {
      Put: {
        TableName: db.table,
        Item: {
          ...holdKey(waiting.jobId, part ?? 0),
          type: 'reportPartSlot',
          jobId: waiting.jobId,
          part,
          leaseUntil: leaseEnd(at, leaseMs),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
    try {
      await transactWrite(db, [countAdd(db, 1, cap), hold, moveOn]);
      claims.push({ jobId: waiting.jobId, part: part ?? 0 });
      free -= 1;
      waiting = rest.length ? { ...waiting, pending: rest, v: waiting.v + 1 } : await oldestWaiting(db);
      lost = 0;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      lost += 1;
      free = cap - (await slotsHeld(db));
      waiting = await oldestWaiting(db);
    }
  }
  return claims;
}

const leaseEnd = (at: Date, leaseMs: number) => new Date(at.getTime() + leaseMs).toISOString();

/** A launched part renews its lease as it starts; false: it holds no live slot (never claimed, or swept). */
export const renewSlot = (db: Db, jobId: string, part: number, at: Date, leaseMs: number) =>
  applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: holdKey(jobId, part),
        UpdateExpression: 'SET leaseUntil = :until',
        ConditionExpression: 'attribute_exists(pk) AND leaseUntil >= :now',
        ExpressionAttributeValues: { ':until': leaseEnd(at, leaseMs), ':now': at.toISOString() },
      }),
    ),
  );

/** Frees a part's slot (its lease and the count, together); false when it was swept already. */
export async function releaseSlot(db: Db, jobId: string, part: number): Promise<boolean> {
  return applied(
    transactWrite(db, [
      { Delete: { TableName: db.table, Key: holdKey(jobId, part), ConditionExpression: 'attribute_exists(pk)' } },
      countAdd(db, -1),
    ]),
  );
}
