// The migration domain's face (ADR 060, ADR 075): the project's data migrations, in order, for the runner.
import type { Migration } from '../platform/db/migration-runner.ts';
import { dayKeys } from './day-keys-entity.ts';
import { hourlySummaries } from './hourly-summaries-entity.ts';
import { salesShards } from './sales-shards-entity.ts';

/** Every migration, by id; a new one takes the next id and is appended (ADR 075). */
export const MIGRATIONS: readonly Migration[] = [hourlySummaries, salesShards(), dayKeys];
export { markDayKeysOfNewTable } from './day-keys-entity.ts';
