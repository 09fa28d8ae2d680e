// The migration domain's face (ADR 060, ADR 075): the project's data migrations, in order, for the runner.
import type { Db } from '../platform/db/client.ts';
import { type Migration, recordDone } from '../platform/db/migration-runner.ts';
import { dayKeys } from './day-keys-entity.ts';
import { hourlySummaries } from './hourly-summaries-entity.ts';
import { requestBuckets } from './request-buckets-entity.ts';
import { salesShards } from './sales-shards-entity.ts';

/** Every migration, by id; a new one takes the next id and is appended (ADR 075). */
export const MIGRATIONS: readonly Migration[] = [hourlySummaries, salesShards(), dayKeys, requestBuckets];

/**
 * A table created by today's code holds none of the shapes the migrations rewrite: each is recorded done at its
 * creation (ADR 095), so a later run has nothing pending. Answers the ones recorded (those without a state yet).
 */
export async function markMigrationsOfNewTable(db: Db, now: Date): Promise<Migration[]> {
  const recorded = await Promise.all(MIGRATIONS.map((migration) => recordDone(db, migration, now)));
  return MIGRATIONS.filter((_, i) => recorded[i]);
}
