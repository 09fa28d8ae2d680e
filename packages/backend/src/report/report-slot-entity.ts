import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../platform/db/client.ts';
import { applied, isConditionFailure } from '../platform/db/conditions.ts';
import { leaseEnd, leaseSlots } from '../platform/db/lease-slots.ts';
import { queryPage } from '../platform/db/query.ts';
import { type TxItem, transactWrite } from '../platform/db/transact.ts';

/**
 * The fleet's report part slots (ADR 077): at most `cap` parts of all fanned-out report jobs read at once,
 * so the 1st of the month stays within the table's throughput. One partition `RSLOTS` (platform/db/lease-slots.ts):
 * - `COUNT`: `running`, the slots held; a claim adds 1 only while `running < cap` (conditional);
 * - `HOLD#<jobId>#<part>`: a held slot with its lease (`leaseUntil`, ISO); a part that never releases
 *   (its Lambda timed out, its launch was lost) is swept once the lease passed and waits again.
 * One partition `RWAIT`, a fanned-out job's parts, longest job first: `<rank>#<at>#<jobId>` with `pending`
 * (part indexes waiting, in order), a version `v` each claim moves on, and `running` below its `limit` (the
 * parts its keys' shares hold at once); removed once nothing of it waits or runs.
 * Key arithmetic (ADR 077): a part's start and end are 8 WCU on `RSLOTS` (two 2-item transactions),
 * ≤ 125 part starts a second within its 1,000 WCU/s; `RWAIT` takes 4 WCU a part and one Put a job.
 */
const WAIT = 'RWAIT';
const slots = (db: Db) => leaseSlots(db, 'RSLOTS');
const holdId = (jobId: string, part: number) => `${jobId}#${part}`;

/**
 * How often the scheduled sweep runs (infra/jobs.ts, ADR 104): a slot whose invocation was lost
 * is free again at most this long after its lease passed, even when no report runs afterwards.
 */
export const REPORT_SLOTS_SWEEP_MINUTES = 5;

export type PartClaim = { jobId: string; part: number };
type Waiting = { sk: string; jobId: string; pending: number[]; v: number; running: number; limit: number };

/** Ranks waiting jobs longest first (their slowest part's seconds). */
const rankOf = (seconds: number) => String(99_999_999 - Math.min(99_999_999, Math.max(0, Math.round(seconds)))).padStart(8, '0');
const waitKey = (sk: string) => ({ pk: WAIT, sk });

/**
 * A fanned-out job's parts wait for slots: one Put, written with the job's fan-out in one transaction
 * (report-job-entity.ts), so no fan-out is recorded without its line. `seconds`: its slowest part's
 * estimate (the order); `limit`: its parts that may read at once (PartPlan.atOnce).
 */
export function waitPut(db: Db, jobId: string, parts: readonly number[], seconds: number, limit: number, at: Date): TxItem {
  return {
    Put: {
      TableName: db.table,
      Item: {
        ...waitKey(`${rankOf(seconds)}#${at.toISOString()}#${jobId}`),
        type: 'reportPartWait',
        jobId,
        pending: [...parts],
        v: 0,
        running: 0,
        limit: Math.max(1, limit),
      },
    },
  };
}

/** The same, on its own (tests). */
export const waitForSlots = (db: Db, jobId: string, parts: readonly number[], seconds: number, limit: number, at: Date) =>
  transactWrite(db, [waitPut(db, jobId, parts, seconds, limit, at)]);

/** The slots held now (a consistent read of `COUNT`). */
export const slotsHeld = (db: Db): Promise<number> => slots(db).held();

/**
 * The held slots whose lease passed: each freed and its part put back in its job's line, in one transaction.
 * Answers how many it freed: parts that ran past their lease without finishing (the overdue-parts alarm, ADR 093).
 */
async function sweepExpired(db: Db, at: Date): Promise<number> {
  const pool = slots(db);
  let swept = 0;
  for (const hold of await pool.expired(at)) {
    swept += 1;
    await transactWrite(db, [
      ...pool.sweep(hold),
      {
        Update: {
          TableName: db.table,
          Key: waitKey(String(hold.waitSk)),
          UpdateExpression: 'SET pending = list_append(pending, :part), v = v + :one ADD running :minus',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':part': [Number(hold.part)], ':one': 1, ':minus': -1 },
        },
      },
    ]).catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error; // another sweep or the part's own release came first
      swept -= 1;
    });
  }
  return swept;
}

/** The first job in line with a part waiting and room under its limit. */
async function nextWaiting(db: Db): Promise<Waiting | null> {
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await queryPage(
      db,
      {
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'size(pending) > :zero AND running < #limit',
        ExpressionAttributeNames: { '#limit': 'limit' },
        ExpressionAttributeValues: { ':pk': WAIT, ':zero': 0 },
        ConsistentRead: true,
        Limit: 25,
      },
      cursor,
    );
    const item = page.items[0];
    if (item)
      return {
        sk: String(item.sk),
        jobId: String(item.jobId),
        pending: Array.isArray(item.pending) ? item.pending.map(Number) : [],
        v: Number(item.v),
        running: Number(item.running),
        limit: Number(item.limit),
      };
    cursor = page.cursor;
  } while (cursor);
  return null;
}

/**
 * Takes free slots for waiting parts, longest job first, and answers them (the caller launches each). A
 * claim is one transaction: the count (only below `cap`), the part's lease, its job's line moved on (only
 * at the version read and below its limit). Lost races are read again; after a few in a row another caller
 * is claiming: it stops.
 */
export async function claimWaitingParts(
  db: Db,
  cap: number,
  at: Date,
  leaseMs: number,
  onSwept?: (overdueParts: number) => void,
): Promise<PartClaim[]> {
  const swept = await sweepExpired(db, at);
  if (swept > 0) onSwept?.(swept);
  const claims: PartClaim[] = [];
  let free = cap - (await slotsHeld(db));
  let waiting = free > 0 ? await nextWaiting(db) : null;
  for (let lost = 0; free > 0 && waiting && lost < 3;) {
    const [part = 0, ...rest] = waiting.pending;
    try {
      await transactWrite(db, [
        ...slots(db).claim(holdId(waiting.jobId, part), cap, leaseEnd(at, leaseMs), {
          type: 'reportPartSlot',
          jobId: waiting.jobId,
          part,
          waitSk: waiting.sk,
        }),
        {
          Update: {
            TableName: db.table,
            Key: waitKey(waiting.sk),
            UpdateExpression: 'SET pending = :rest, v = :next ADD running :one',
            ConditionExpression: 'v = :v AND running < #limit',
            ExpressionAttributeNames: { '#limit': 'limit' },
            ExpressionAttributeValues: { ':rest': rest, ':next': waiting.v + 1, ':v': waiting.v, ':one': 1 },
          },
        },
      ]);
      claims.push({ jobId: waiting.jobId, part });
      free -= 1;
      const moved: Waiting = { ...waiting, pending: rest, v: waiting.v + 1, running: waiting.running + 1 };
      waiting = rest.length && moved.running < moved.limit ? moved : await nextWaiting(db);
      lost = 0;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      lost += 1;
      free = cap - (await slotsHeld(db));
      waiting = await nextWaiting(db);
    }
  }
  return claims;
}

/**
 * A launched part renews its lease as it starts and answers its job's line (for the release); null: it
 * holds no live slot (never claimed, or swept).
 */
export async function renewSlot(db: Db, jobId: string, part: number, at: Date, leaseMs: number): Promise<string | null> {
  const hold = await slots(db).renew(holdId(jobId, part), at, leaseEnd(at, leaseMs));
  return hold === null ? null : String(hold.waitSk ?? '');
}

/**
 * Frees a part's slot (its lease, the count and its job's running, together; false when it was swept
 * already), then removes its job's line once nothing of it waits or runs.
 */
export async function releaseSlot(db: Db, jobId: string, part: number, waitSk: string): Promise<boolean> {
  const released = await applied(
    transactWrite(db, [
      ...slots(db).release(holdId(jobId, part)),
      {
        Update: {
          TableName: db.table,
          Key: waitKey(waitSk),
          UpdateExpression: 'ADD running :minus',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':minus': -1 },
        },
      },
    ]),
  );
  await applied(
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: waitKey(waitSk),
        ConditionExpression: 'size(pending) = :zero AND running = :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    ),
  );
  return released;
}
