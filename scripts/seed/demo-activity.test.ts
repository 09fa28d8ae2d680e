import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Backend } from '@portal/backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { transactionKeys } from '@portal/backend/transaction';
import { itemCount as countItems } from '../../tests/support/item-count.ts';
import { createTestBackend } from '../../tests/support/test-backend.ts';
import { shipmentStatusOn } from './generate.ts';
import { demoTimeZone, seedDemoDataOnce, topUpDemoActivity } from './seed.ts';

let backend: Backend;
let now: Date;
// The demo's window is 90 days; two weeks make the same cases (a gap inside the window, a pause longer than
// it, shipments still on their way) at a sixth of the seed and top-up imports.
const WINDOW = { days: 14 };

/** The days with sales of the demo retailer Nordmarkt (its day rollups), with their figures. */
async function salesDays(): Promise<Record<string, [number, number]>> {
  const { Items = [] } = await backend.db.doc.send(
    new QueryCommand({
      TableName: backend.db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
      ExpressionAttributeValues: { ':pk': 'RSALES#R-1001', ':d': 'D#' },
    }),
  );
  return Object.fromEntries(Items.filter((i) => (i.q as number) > 0).map((i) => [String(i.sk).slice(2), [i.q, i.a]]));
}
/** The demo shipment lines of the retailers R-1001..R-1003 still pending, though arrived by `today`. */
async function overduePending(today: string) {
  const lines = [];
  for (const retailer of ['R-1001', 'R-1002', 'R-1003']) {
    const { Items = [] } = await backend.db.doc.send(
      new QueryCommand({
        TableName: backend.db.table,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': `RETAILER#${retailer}#SHIPMENTS` },
      }),
    );
    lines.push(...Items.filter((i) => i.status === 'pending' && shipmentStatusOn(i.storeType, i.date, today) !== 'pending'));
  }
  return lines;
}
const lastSalesDay = async () =>
  Object.keys(await salesDays())
    .sort()
    .at(-1);
/** The ids of Nordmarkt's transactions at instants from `from` (an ISO prefix) on, within three UTC days (a key a day, ADR 074). */
async function transactionIds(from: string): Promise<string[]> {
  const ids: string[] = [];
  for (let d = 0; d < 3; d += 1) {
    const day = new Date(Date.parse(`${from.slice(0, 10)}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
    const { Items = [] } = await backend.db.doc.send(
      new QueryCommand({
        TableName: backend.db.table,
        KeyConditionExpression: 'pk = :pk AND sk >= :from',
        ExpressionAttributeValues: { ':pk': transactionKeys.pk('R-1001', day), ':from': from },
      }),
    );
    ids.push(...Items.map((i) => i.transactionId as string));
  }
  return ids;
}
/** Items in the table (tests/support/item-count.ts: the demo's transactions make a Scan take seconds). */
const itemCount = () => countItems(backend);

beforeAll(async () => {
  // 23:30 UTC on the 24th is 00:30 on the 25th in Berlin: the demo's today is the 25th.
  now = new Date('2026-11-24T23:30:00Z');
  backend = await createTestBackend(() => now);
  await seedDemoDataOnce(backend, WINDOW);
}, 60_000);

describe('demo activity stays current (days of the demo users, Europe/Berlin)', () => {
  it('uses the time zone of the demo ordering accounts', () => {
    expect(demoTimeZone()).toBe('Europe/Berlin');
  });

  it('seeds sales through yesterday in Berlin, not in UTC', async () => {
    expect(await lastSalesDay()).toBe('2026-11-24');
  });

  it('tops up the missing days once, through the import, and is idempotent', async () => {
    // 22:59 UTC on the 27th is 23:59 in Berlin, still the 27th: days 26 and 27 are missing.
    now = new Date('2026-11-27T22:59:00Z');
    const before = await salesDays();
    expect(await topUpDemoActivity(backend, WINDOW)).toEqual(['2026-11-26', '2026-11-27']);
    const after = await salesDays();
    // Sales of the days that ended (25th, 26th: "Yesterday" has sales); history untouched.
    expect(
      Object.keys(after)
        .filter((d) => !(d in before))
        .sort(),
    ).toEqual(['2026-11-25', '2026-11-26']);
    for (const day of Object.keys(before)) expect(after[day]).toEqual(before[day]);
    // Transactions likewise: the 25th and 26th in Berlin (from 23:00 UTC on the 24th), none of the 27th yet.
    const added = await transactionIds('2026-11-24T23:00');
    expect(added.length).toBeGreaterThan(5);
    expect(new Set(added.map((id) => id.slice(4, 14)))).toEqual(new Set(['2026-11-25', '2026-11-26']));

    // Nothing more the same day.
    const items = await itemCount();
    expect(await topUpDemoActivity(backend, WINDOW)).toEqual([]);
    expect(await itemCount()).toBe(items);

    // A start that stopped before recording its top-up repeats the same days: same records, no duplicates.
    await backend.db.doc.send(
      new UpdateCommand({
        TableName: backend.db.table,
        Key: { pk: 'META#seed', sk: 'demo' },
        UpdateExpression: 'SET activityThrough = :d',
        ExpressionAttributeValues: { ':d': '2026-11-25' },
      }),
    );
    expect(await topUpDemoActivity(backend, WINDOW)).toEqual(['2026-11-26', '2026-11-27']);
    expect(await itemCount()).toBe(items);
    expect(await salesDays()).toEqual(after);
    expect(await transactionIds('2026-11-24T23:00')).toEqual(added);

    // 23:00 UTC on the 27th is midnight in Berlin: the 28th begins and the 27th's sales come in.
    now = new Date('2026-11-27T23:00:00Z');
    expect(await topUpDemoActivity(backend, WINDOW)).toEqual(['2026-11-28']);
    expect(await lastSalesDay()).toBe('2026-11-27');
  }, 60_000);

  it('tops up at most the demo window after a long pause', async () => {
    now = new Date('2027-06-30T22:30:00Z'); // 00:30 on 1 July in Berlin (summer time)
    expect((await overduePending('2027-07-01')).length).toBeGreaterThan(0);
    const days = await topUpDemoActivity(backend, WINDOW);
    // The shipments on their way at the last start have arrived meanwhile.
    expect(await overduePending('2027-07-01')).toEqual([]);
    expect([days.length, days[0], days.at(-1)]).toEqual([WINDOW.days, '2027-06-18', '2027-07-01']);
    expect(await lastSalesDay()).toBe('2027-06-30');
  }, 120_000);
});
