import type { Backend } from '@portal/backend';
import { DeleteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { groupSales, salesOfProvider, salesOfRetailerByStore } from '@portal/backend/masterdata';
import { runMigrations } from '@portal/backend/platform/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, importOk, importProviderSalesWorld, unmarkMigrations } from '../../../../tests/support/test-backend.ts';
import { salesShards, MOVES_PER_TRANSACTION } from './sales-shards-entity.ts';

/**
 * Migration 2 (ADR 072, ADR 075) on DynamoDB Local: sales written by today's code, turned into the shapes
 * of before ADR 072 (buckets on the unsharded index keys, a provider's product and store figures in the
 * retailer week's `d` and `s`), a sale imported after the deploy on top; the migration moves them to the sharded keys and store
 * items, and every sales read answers the same before and after; run again, nothing moves.
 */
const T0 = Date.parse('2026-11-29T01:00:00Z');
const EAN = '4099000000017';
const BIG_WEEK = '2026-11-16';
const BIG_STORES = MOVES_PER_TRANSACTION + 22;
let backend: Backend;

type Row = Record<string, unknown>;
const scan = async (): Promise<Row[]> => {
  const items: Row[] = [];
  let ExclusiveStartKey: Row | undefined;
  do {
    const page = await backend.db.doc.send(new ScanCommand({ TableName: backend.db.table, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.filter((i) => i.pk !== 'META#migration').sort((a, b) => `${a.pk}\n${a.sk}`.localeCompare(`${b.pk}\n${b.sk}`));
};
const put = (Item: Row) => backend.db.doc.send(new PutCommand({ TableName: backend.db.table, Item }));
const remove = (item: Row) => backend.db.doc.send(new DeleteCommand({ TableName: backend.db.table, Key: { pk: item.pk, sk: item.sk } }));

/** Every sales read that the moved items feed, grouped as the answers group them. */
async function answers() {
  const range = { from: '2026-11-01', to: '2026-11-30' };
  const [byStoreDays, byStoreMonths, perStore, perProduct] = await Promise.all([
    salesOfRetailerByStore(backend.db, 'MG-R', range, 'day'),
    salesOfRetailerByStore(backend.db, 'MG-R', range, 'month'),
    salesOfProvider(backend.db, 'MG-P', range, true),
    salesOfProvider(backend.db, 'MG-P', range, false),
  ]);
  const rows = (found: typeof perStore) => found.rows.map((r) => ({ ...r, productId: r.productId ?? '' }));
  return {
    storesByDay: groupSales(byStoreDays.rows, 'day'),
    stores: groupSales(byStoreDays.rows, 'store'),
    storeMonths: groupSales(byStoreMonths.rows, 'store'),
    providerStores: groupSales(rows(perStore), 'store'),
    providerDays: groupSales(rows(perStore), 'day'),
    providerProducts: groupSales(rows(perProduct), 'product'),
  };
}

/** Today's items turned into the shapes of before ADR 072. */
async function makeLegacy() {
  const items = await scan();
  const weeks = new Map<string, Row>();
  for (const item of items) {
    if ((item.type === 'salesWeek' || item.type === 'salesMonth') && typeof item.gsi1pk === 'string')
      await put({ ...item, gsi1pk: item.gsi1pk.replace(/#\d$/, '') });
    const field = item.type === 'providerSalesStoreWeek' ? 's' : item.type === 'providerSalesProductWeek' ? 'd' : undefined;
    if (!field) continue;
    // The retailer week of before: every product's days in `d`, every store's in `s`.
    const sk = `W#${String(item.week)}#${String(item.retailerId)}`;
    const week = weeks.get(sk) ?? {
      pk: 'PSALES#MG-P',
      sk,
      type: 'providerSalesWeek',
      providerId: 'MG-P',
      retailerId: item.retailerId,
      week: item.week,
      v: 1,
    };
    const cells = JSON.parse(typeof week[field] === 'string' ? week[field] : '{}') as Record<string, Row>;
    for (const [date, figures] of Object.entries(JSON.parse(String(item[field])) as Record<string, Row>))
      cells[date] = { ...cells[date], ...figures };
    weeks.set(sk, { ...week, [field]: JSON.stringify(cells) });
    await remove(item);
  }
  for (const week of weeks.values()) await put(week);
  // A week of more stores than one transaction moves, stored before ADR 072 only.
  const s: Record<string, Record<string, [number, number]>> = { [BIG_WEEK]: {} };
  for (let n = 0; n < BIG_STORES; n++) (s[BIG_WEEK] ??= {})[`MG-X${n}`] = [n + 1, (n + 1) * 25];
  await put({
    pk: 'PSALES#MG-P',
    sk: `W#${BIG_WEEK}#MG-R`,
    type: 'providerSalesWeek',
    providerId: 'MG-P',
    retailerId: 'MG-R',
    week: BIG_WEEK,
    d: JSON.stringify({ [BIG_WEEK]: { 'MG-1': [(BIG_STORES * (BIG_STORES + 1)) / 2, (BIG_STORES * (BIG_STORES + 1) * 25) / 2] } }),
    s: JSON.stringify(s),
    v: 3,
  });
}

let sale: Awaited<ReturnType<typeof importProviderSalesWorld>>;

beforeAll(async () => {
  backend = await createTestBackend(() => new Date('2026-11-28T10:00:00Z'));
  await unmarkMigrations(backend.db, 2);
  sale = await importProviderSalesWorld(backend, 'MG', EAN, 12);
  await importOk(backend, 'sales', [
    ...Array.from({ length: 12 }, (_, n) => sale(`MG-S${n}`, '2026-11-03', n + 1)),
    ...Array.from({ length: 6 }, (_, n) => sale(`MG-S${n}`, '2026-11-10', 2 * n + 1)),
  ]);
  await makeLegacy();
  // After the deploy, before the migration: today's code adds to the store item, beside the old `s`.
  await importOk(backend, 'sales', [sale('MG-S0', '2026-11-11', 4)]);
});

describe('migration 2: sharded sales keys and provider store weeks (ADR 072)', () => {
  it('moves the old items to the sharded keys and store items; the reads answer the same; run again, nothing moves', async () => {
    const before = await answers();
    const legacy = (await scan()).filter((i) => i.type === 'providerSalesWeek' || /^SALES[WM]#[^#]+#[^#]+$/.test(String(i.gsi1pk)));
    // 18 buckets, less the one the import after the deploy moved to its shard.
    expect(legacy.filter((i) => i.type === 'salesWeek').length).toBe(17);
    expect(legacy.filter((i) => i.type === 'providerSalesWeek').length).toBe(3);

    const migration = salesShards(() => new Date(T0));
    const [outcome] = await runMigrations(backend.db, [migration], { owner: 'a', now: () => T0, pageSize: 7 });
    expect(outcome).toMatchObject({ id: 2, result: 'done' });
    const after = await scan();
    expect(after.filter((i) => /^SALES[WM]#[^#]+#[^#]+$/.test(String(i.gsi1pk)))).toEqual([]);
    expect(after.filter((i) => i.type === 'providerSalesWeek')).toEqual([]);
    // The week of more stores than one transaction: moved in two.
    expect(after.filter((i) => i.type === 'providerSalesStoreWeek' && i.week === BIG_WEEK)).toHaveLength(BIG_STORES);
    expect(after.filter((i) => i.type === 'providerSalesProductWeek').map((i) => i.sk)).toEqual([
      'W#2026-11-02#MG-R#MG-1',
      'W#2026-11-09#MG-R#MG-1',
      `W#${BIG_WEEK}#MG-R#MG-1`,
    ]);
    expect(await answers()).toEqual(before);

    expect(await runMigrations(backend.db, [migration], { owner: 'b', now: () => T0 + 1 })).toEqual([
      { id: 2, name: migration.name, result: 'skipped', items: 0 },
    ]);
    // A page applied again (a crash before its checkpoint): every condition holds it back.
    await migration.apply(backend.db, legacy);
    expect(await scan()).toEqual(after);
    expect(await answers()).toEqual(before);
  });
});
