// The platform/db/ toolkit's face (ADR 060): what other workspaces import from it.
export { mapLimit } from './batch.ts';
export { countCalls } from './call-counter.ts';
export { type CapacityRecord, itemSize, recordCapacity } from './capacity-recorder.ts';
export { createDb, type Db } from './client.ts';
export { entity, getItem, getOne } from './entity.ts';
export { type Migration, type MigrationOutcome, migrationStateKey, runMigrations } from './migration-runner.ts';
export { queryAll, queryPage } from './query.ts';
export { ensureTable, PROD_WARM_THROUGHPUT, TABLE_KEYS, toTtl } from './table.ts';
export { transactWrite } from './transact.ts';
export { INDEX_SETTLE_MS } from './versioned-list.ts';
export {
  compareFingerprints,
  fingerprint,
  fromExportLine,
  itemHash,
  type RawItem,
  scanAllItems,
  toExportLine,
  writeAllItems,
} from './table-copy.ts';
