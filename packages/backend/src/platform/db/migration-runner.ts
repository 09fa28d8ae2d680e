import { PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Item, Key } from './batch.ts';
import type { Db } from './client.ts';
import { applied } from './conditions.ts';
import { getItem } from './entity.ts';

/**
 * The data migrations (ADR 075): numbered, run in order, each once per table. A migration walks the items
 * it rewrites with a paginated parallel Scan (its filter, `segments` at once) and hands each page to
 * `apply`, which must be idempotent: a page may be applied again after a crash between its writes and the
 * checkpoint. Per migration one state item `META#migration` / `M#<nnnn>` holds its status, the runner that
 * owns it (a lease, renewed with every checkpoint) and each segment's cursor, so:
 * - two runners never run one migration at once (the claim is a conditional write on the lease);
 * - a runner that died is taken over once its lease ran out, and resumes at the cursors;
 * - a finished migration is skipped (one GetItem-sized conditional write per migration and run).
 */
export type Migration = {
  /** 1, 2, …: the order they run in, and the state item's key; never reused. */
  id: number;
  name: string;
  /** What to walk: a Scan filter over the table's items (names and values as DynamoDB's), `segments` in parallel. */
  scan: { filter: string; names?: Record<string, string>; values?: Record<string, unknown>; segments: number };
  /** Rewrites one page of the walk's items; idempotent. */
  apply: (db: Db, items: Item[]) => Promise<void>;
};

export type MigrationOutcome = { id: number; name: string; result: 'done' | 'skipped' | 'busy'; items: number };

export type MigrationRunnerOptions = {
  /** Who runs (a Lambda request id, a host and pid): the lease's owner. */
  owner: string;
  now?: () => number;
  /** A lease not renewed for this long is another runner's to take (every page renews it). */
  leaseMs?: number;
  /** Items a Scan page examines (DynamoDB's page is 1 MB at most anyway). */
  pageSize?: number;
  log?: (message: string, fields: Record<string, unknown>) => void;
};

const STATE_PK = 'META#migration';
export const migrationStateKey = (id: number): Key => ({ pk: STATE_PK, sk: `M#${String(id).padStart(4, '0')}` });

/**
 * Records a migration done without running it, when the table cannot hold its old shapes (a table created by
 * today's code). Conditional on no state yet: a migration that ran or runs keeps its own.
 */
export async function recordDone(db: Db, migration: Pick<Migration, 'id' | 'name'>, now: Date): Promise<boolean> {
  return applied(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...migrationStateKey(migration.id),
          type: 'migration',
          name: migration.name,
          status: 'done',
          items: 0,
          finishedAt: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** A segment's place: where its next page starts, or done. */
type SegmentState = { cursor?: Record<string, unknown>; done: boolean };
/** What a runner resumes from: each segment's place (none yet: from the start). */
type MigrationState = { segments: Record<string, SegmentState> };

/** Runs every migration not done yet, in id order; stops at one another runner holds (later ones wait for it). */
export async function runMigrations(
  db: Db,
  migrations: readonly Migration[],
  options: MigrationRunnerOptions,
): Promise<MigrationOutcome[]> {
  const ids = migrations.map((m) => m.id);
  if (new Set(ids).size !== ids.length) throw new Error('Two migrations share an id');
  const outcomes: MigrationOutcome[] = [];
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    const outcome = await runMigration(db, migration, options);
    outcomes.push(outcome);
    if (outcome.result === 'busy') break;
  }
  return outcomes;
}

async function runMigration(db: Db, migration: Migration, options: MigrationRunnerOptions): Promise<MigrationOutcome> {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const log = options.log ?? (() => {});
  const key = migrationStateKey(migration.id);
  const claimed = await claim(db, migration, options.owner, now(), leaseMs);
  if (claimed === 'done') return { id: migration.id, name: migration.name, result: 'skipped', items: 0 };
  if (claimed === 'busy') return { id: migration.id, name: migration.name, result: 'busy', items: 0 };
  log('migration running', { id: migration.id, name: migration.name, resumed: Object.keys(claimed.segments).length > 0 });
  let items = 0;
  // A segment that fails stops the others at their next checkpoint: the runner ends with every segment's
  // cursor saved, and the failure is thrown once they have.
  let stopped = false;
  const walk = async (segment: number) => {
    const state = claimed.segments[String(segment)];
    if (state?.done) return;
    let cursor = state?.cursor;
    do {
      const page = await db.doc.send(
        new ScanCommand({
          TableName: db.table,
          Segment: segment,
          TotalSegments: migration.scan.segments,
          FilterExpression: migration.scan.filter,
          ...(migration.scan.names ? { ExpressionAttributeNames: migration.scan.names } : {}),
          ...(migration.scan.values ? { ExpressionAttributeValues: migration.scan.values } : {}),
          ...(options.pageSize ? { Limit: options.pageSize } : {}),
          ...(cursor ? { ExclusiveStartKey: cursor } : {}),
        }),
      );
      const found = page.Items ?? [];
      if (found.length) await migration.apply(db, found);
      items += found.length;
      cursor = page.LastEvaluatedKey;
      const next: SegmentState = cursor ? { cursor, done: false } : { done: true };
      if (!(await checkpoint(db, key, options.owner, segment, next, found.length, now() + leaseMs)))
        throw new Error(`Migration ${migration.id} (${migration.name}) was taken over by another runner`);
    } while (cursor && !stopped);
  };
  const results = await Promise.allSettled(
    Array.from({ length: migration.scan.segments }, (_, segment) =>
      walk(segment).catch((error: unknown) => {
        stopped = true;
        throw error;
      }),
    ),
  );
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
  const finished = await applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key,
        UpdateExpression: 'SET #status = :done, finishedAt = :at',
        ConditionExpression: '#owner = :me',
        ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
        ExpressionAttributeValues: { ':done': 'done', ':at': new Date(now()).toISOString(), ':me': options.owner },
      }),
    ),
  );
  if (!finished) throw new Error(`Migration ${migration.id} (${migration.name}) was taken over by another runner`);
  log('migration done', { id: migration.id, name: migration.name, items });
  return { id: migration.id, name: migration.name, result: 'done', items };
}

/**
 * Takes the migration: creates its state, or takes it over when it is not done and its lease ran out (or
 * is this owner's). Answers the state to resume from, 'done', or 'busy' (another runner's live lease).
 */
async function claim(db: Db, migration: Migration, owner: string, at: number, leaseMs: number): Promise<MigrationState | 'done' | 'busy'> {
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: migrationStateKey(migration.id),
        UpdateExpression:
          'SET #type = :type, #name = :name, #status = :running, #owner = :me, leaseUntil = :lease, #segs = if_not_exists(#segs, :none), #items = if_not_exists(#items, :zero), startedAt = if_not_exists(startedAt, :at)',
        ConditionExpression: 'attribute_not_exists(pk) OR (#status <> :done AND (leaseUntil < :now OR #owner = :me))',
        ExpressionAttributeNames: {
          '#type': 'type',
          '#name': 'name',
          '#status': 'status',
          '#owner': 'owner',
          '#items': 'items',
          '#segs': 'segments',
        },
        ExpressionAttributeValues: {
          ':type': 'migration',
          ':name': migration.name,
          ':running': 'running',
          ':done': 'done',
          ':me': owner,
          ':lease': at + leaseMs,
          ':now': at,
          ':none': {},
          ':zero': 0,
          ':at': new Date(at).toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { segments: segmentsOf(res.Attributes?.segments) };
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException') throw error;
    const held = await getItem(db, migrationStateKey(migration.id), { consistent: true });
    return held?.status === 'done' ? 'done' : 'busy';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The segments' places as stored (a map of segment number to `{ cursor?, done }`). */
function segmentsOf(stored: unknown): Record<string, SegmentState> {
  const out: Record<string, SegmentState> = {};
  if (!isRecord(stored)) return out;
  for (const [segment, state] of Object.entries(stored))
    if (isRecord(state)) out[segment] = { done: state.done === true, ...(isRecord(state.cursor) ? { cursor: state.cursor } : {}) };
  return out;
}

/** Records a page's progress (its segment's cursor, the items seen) and renews the lease, if still the owner. */
function checkpoint(db: Db, key: Key, owner: string, segment: number, next: SegmentState, items: number, leaseUntil: number) {
  return applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key,
        UpdateExpression: 'SET #segs.#segment = :next, leaseUntil = :lease ADD #items :n',
        ConditionExpression: '#owner = :me',
        ExpressionAttributeNames: { '#segs': 'segments', '#segment': String(segment), '#owner': 'owner', '#items': 'items' },
        ExpressionAttributeValues: { ':next': next, ':lease': leaseUntil, ':me': owner, ':n': items },
      }),
    ),
  );
}
