/**
 * The sales rollups' shards (ADR 072): a retailer's store buckets on its week and month index keys, and a
 * provider's store weeks, are spread over ROLLUP_SHARDS partition key values by store, so one import of a
 * 20,000-store retailer (or one read of its week by store) lands on 8 keys instead of one.
 */
export const ROLLUP_SHARDS = 8;

/** The shard of a store (FNV-1a of its id): the same store always lands on the same shard. */
export function storeShard(storeId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < storeId.length; i += 1) hash = Math.imul(hash ^ storeId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % ROLLUP_SHARDS;
}
