/**
 * `npx tsx scripts/bench/news-list.ts [--history 2000] [--runs 40] [--clients 20]`
 *
 * The news list at growing history (ADR 081) on a private DynamoDB Local, through the news service (no HTTP):
 * DynamoDB calls and latency of a reader's list, the unread badge and opening an item, with 20 live items
 * and 0, a tenth of, and `--history` past ones (half expired, half withdrawn), then p50/p99 of the list at
 * `--clients` parallel readers. The calls must not grow with the history. Loopback only.
 */
import { decodeAccess } from '@portal/core/auth';
import type { Actor } from '@portal/backend';
import { countCalls } from '@portal/backend/platform/db';
import { startBenchBackend } from './bench-backend.ts';
import { benchOptions } from './bench-options.ts';
import { callsAndMedianMs, parallelReads, markdownTable } from './calls-and-median.ts';

const { history, runs, clients } = benchOptions({ history: 2000, runs: 40, clients: 20 });

const { backend, stop } = await startBenchBackend();
const load = async (kind: string, records: object[]) => {
  for (let i = 0; i < records.length; i += 500) {
    const report = await backend.imports.importRecords(
      kind as 'news',
      records.slice(i, i + 500).map((data, k) => ({ line: i + k + 1, data })),
    );
    if (report.errors.length) throw new Error(`${kind}: ${JSON.stringify(report.errors.slice(0, 3))}`);
  }
};
const HOUR = 3_600_000;
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR).toISOString();
const item = (newsId: string, extra: object) => ({
  newsId,
  important: false,
  audience: { kind: 'all' },
  texts: { en: { title: `${newsId} title`, body: `${newsId} body `.repeat(40) }, de: { title: `${newsId} Titel`, body: 'Text' } },
  ...extra,
});
await load('customerGroups', [{ customerGroupId: 'G-N1', name: 'Bench group' }]);
await load('retailers', [{ customerId: 'R-N1', name: 'Bench Markets', groupId: 'G-N1' }]);
await load(
  'news',
  Array.from({ length: 20 }, (_, i) =>
    item(`news-live-${i}`, { publishFrom: at(i + 1), ...(i % 4 === 0 ? { audience: { kind: 'customerGroups', ids: ['G-N1'] } } : {}) }),
  ),
);
const reader = (n: number): Actor => ({
  username: `bench.reader${n}`,
  displayName: `Reader ${n}`,
  customerId: 'R-N1',
  access: decodeAccess({ securityFlag: 16, permissions: 0, settings: 0, modules: {} }),
  strongAuthentication: false,
  timezone: 'Europe/Berlin',
  locale: 'de-DE',
});
const service = backend.news;
let past = 0;
async function pastUpTo(n: number) {
  const more = Array.from({ length: n - past }, (_, k) => {
    const i = past + k;
    return i % 2 === 0
      ? item(`news-old-${i}`, { publishFrom: at(5_000 + i), expireAt: at(4_000 + i) })
      : item(`news-old-${i}`, { publishFrom: at(3_000 + i), withdrawn: true });
  });
  await load('news', more);
  past = n;
}

const { counted } = countCalls(backend.db);
const rows: string[] = [];
const parallel: string[] = [];
for (const size of [0, Math.round(history / 10), history]) {
  const t0 = performance.now();
  await pastUpTo(size);
  console.error(`history ${size}: built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const me = reader(0);
  const cases: [string, () => Promise<unknown>][] = [
    ['list (copy current)', () => service.list(me)],
    ['unread badge', () => service.unread(me)],
    ['open an item (marks read)', () => service.open(me, 'news-live-3')],
  ];
  // The first read after the history was written reloads this process's copy of the live rows.
  const reload = await counted(() => service.list(me));
  rows.push(`| ${size} | list (copy reloaded after a change) | ${reload.calls} | – |`);
  for (const [name, run] of cases) {
    const { calls, medianMs } = await callsAndMedianMs(counted, run, runs);
    rows.push(`| ${size} | ${name} | ${calls} | ${medianMs.toFixed(1)} |`);
  }
  parallel.push(`| ${size} | ${clients} | ${await parallelReads(clients, runs, (c) => service.list(reader(c + 1)))} |`);
}
console.log(`News list, 20 live items (5 for a customer group), ${runs} sequential runs each, private DynamoDB Local:\n`);
markdownTable(['past items (expired / withdrawn)', 'read', 'DynamoDB calls', 'median ms'], rows);
console.log(`\nThe list at ${clients} parallel readers (each ${runs} lists):\n`);
markdownTable(['past items', 'clients', 'lists', 'p50 ms', 'p99 ms'], parallel);
await stop();
