/**
 * `npx tsx scripts/bench/query-pages.ts --dynamodb-port P --customer C --end D [--zone Z] [--days 1,3,10,30,90]
 *  [--table portal-local]`
 *
 * Why a long range reads slower on DynamoDB Local (ADR 033, 2026-11-25 addendum): the first Query page
 * (~1 MB) of the customer's partition timed for ranges of N days ending at `--end`: without a Limit
 * (newest and oldest first), with a Limit of 1000 and with one of 2500 (above the ~2,130 rows of a 1 MB page); and, within one day, the first page vs the last page
 * (reached with ExclusiveStartKey). If a page costs in proportion to the rows of the RANGE rather than of
 * the page, a reader should read a long period as short slices. Since ADR 074 a ledger's partition holds
 * one UTC day: the ranges are Queries of the end day's key with the range's bounds (what a key of N days
 * would answer is no longer stored). Loopback only, read-only; ms are the median of 3.
 */
import { parseArgs } from 'node:util';
import { addDays } from '@portal/core/shared';
import { createDb, queryPage } from '@portal/backend/platform/db';
import { planOf, rangeOf, rowsQuery, stretchesOf } from '@portal/backend/transaction';

const { values } = parseArgs({
  options: {
    'dynamodb-port': { type: 'string' },
    table: { type: 'string', default: 'portal-local' },
    customer: { type: 'string' },
    end: { type: 'string' },
    zone: { type: 'string', default: 'Europe/Berlin' },
    days: { type: 'string', default: '1,3,10,30,90' },
  },
});
if (!values['dynamodb-port'] || !values.customer || !values.end) throw new Error('--dynamodb-port, --customer and --end are required');
process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
const db = createDb({
  AWS_REGION: 'eu-central-1',
  DYNAMODB_ENDPOINT: `http://127.0.0.1:${values['dynamodb-port']}`,
  TABLE_NAME: values.table!,
});
const zone = values.zone!;
const end = values.end;
const plan = planOf({ customerId: values.customer, startDate: end, endDate: end });

type Q = ReturnType<typeof rowsQuery> & { ExclusiveStartKey?: Record<string, unknown>; ScanIndexForward?: boolean; Limit?: number };
/** One Query page as the toolkit sends it (queryPage: the same single call, timed). */
async function page({ ExclusiveStartKey, ...q }: Q) {
  const t = performance.now();
  const res = await queryPage(db, q, ExclusiveStartKey);
  return { ms: performance.now() - t, items: res.items.length, last: res.cursor };
}
async function median3(q: Q) {
  const runs = [await page(q), await page(q), await page(q)].sort((a, b) => a.ms - b.ms);
  return runs[1]!;
}
const rangeQuery = (days: number) => {
  const r = rangeOf({ startDate: addDays(end, 1 - days), endDate: end }, zone);
  const [source] = stretchesOf(plan.source, r, { legacy: false })[0]?.partitions ?? [];
  if (!source) throw new Error('an empty range');
  return rowsQuery({ source, residual: plan.residual }, r.from, r.to);
};

console.log(
  '| range | no Limit, newest first | no Limit, oldest first | Limit 1000, newest first | Limit 2500 (more than a 1 MB page), newest first |',
);
console.log('|---|---|---|---|---|');
for (const days of values.days!.split(',').map(Number)) {
  const q = rangeQuery(days);
  const cells = [
    await median3(q),
    await median3({ ...q, ScanIndexForward: true }),
    await median3({ ...q, Limit: 1000 }),
    await median3({ ...q, Limit: 2500 }),
  ];
  console.log(`| ${days} day(s) up to ${end} | ${cells.map((c) => `${c.ms.toFixed(0)} ms / ${c.items} items`).join(' | ')} |`);
}
// Within one day: every page in turn, newest first (does the cost fall as the cursor nears the range's end?).
const q = rangeQuery(1);
let cursor: Record<string, unknown> | undefined;
const pages: string[] = [];
do {
  const r = await page({ ...q, ExclusiveStartKey: cursor });
  pages.push(`${r.ms.toFixed(0)} ms/${r.items}`);
  cursor = r.last;
} while (cursor);
console.log(`one day ${end}, every page newest first: ${pages.join(', ')}`);
