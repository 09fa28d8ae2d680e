/**
 * `npx tsx scripts/bench/request-lists.ts [--history 2000] [--runs 40]`
 *
 * Request lists at growing history (ADR 048) on a private DynamoDB Local, through the request service
 * (no HTTP): DynamoDB calls and median latency of the approver's open list, the inbox count, history pages 1
 * and 6, a searched history (bounded), and — for comparison — reading the whole history as ADR 046's list did,
 * with 20 open requests and 0, a tenth of, and `--history` finished ones. The open list, the inbox count and
 * the history pages must not grow with the history. Loopback only; about a minute here at 2,000.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { decodeAccess } from '@portal/core/auth';
import type { Actor } from '@portal/backend';
import { countCalls, mapLimit } from '@portal/backend/platform/db';
import { newestDone } from '@portal/backend/workflow';
import { startBenchBackend } from './bench-backend.ts';
import { callsAndMedianMs, markdownTable } from './calls-and-median.ts';

const { values } = parseArgs({ options: { history: { type: 'string', default: '2000' }, runs: { type: 'string', default: '40' } } });
const history = Number(values.history);
const runs = Number(values.runs);

const { backend, stop } = await startBenchBackend();
const load = async (kind: string, records: object[]) => {
  const report = await backend.imports.importRecords(
    kind as 'retailers',
    records.map((data, i) => ({ line: i + 1, data })),
  );
  if (report.errors.length) throw new Error(`${kind}: ${JSON.stringify(report.errors.slice(0, 3))}`);
};
await load('retailers', [{ customerId: 'R-B1', name: 'Bench Markets' }]);
await load('workflows', [
  {
    workflowId: 'wf-bench',
    name: 'Bench',
    customerId: 'R-B1',
    steps: [{ stepId: 's', name: 'Step', items: [{ itemId: 't', type: 'text', label: 'Note', required: false }] }],
  },
]);
const actor = (username: string, flow: number): Actor => ({
  username,
  displayName: username,
  customerId: 'R-B1',
  access: decodeAccess({ securityFlag: 16, permissions: 0, settings: 0, modules: { flow: { permissions: flow, settings: 0 } } }),
  strongAuthentication: false,
  timezone: 'Europe/Berlin',
  locale: 'en-US',
});
const requester = actor('bench.req', 1);
const approver = actor('bench.appr', 2);
const service = backend.workflowRequests;
const create = () => service.create(requester, { workflowId: 'wf-bench', customerId: 'R-B1' }, randomUUID());

// 20 open requests (10 drafts, 10 pending: the inbox), the same at every history size.
await mapLimit(Array.from({ length: 20 }), 5, async (_, i) => {
  const { request } = await create();
  if (i % 2) await service.submit(requester, request.id, { workflowStepId: 's', enquiry: '' });
});
let finished = 0;
async function finishUpTo(n: number) {
  const more = n - finished;
  await mapLimit(Array.from({ length: more }), 10, async () => service.archive(requester, (await create()).request.id));
  finished = n;
}

const page = { onlyPending: false, index: 0, maxResults: 25 };
const cases: [string, () => Promise<unknown>][] = [
  ['open list (only-pending=0)', () => service.list(approver, page)],
  ['inbox count', () => service.inboxCount(approver)],
  ['history page 1', () => service.list(approver, { ...page, mode: 'history' })],
  ['history page 6', () => service.list(approver, { ...page, mode: 'history', index: 5 })],
  ['history searched (q)', () => service.list(approver, { ...page, mode: 'history', q: 'WR-' })],
  ['whole history (as ADR 046 read it)', () => newestDone(backend.db, { customerId: 'R-B1' }, 1_000_000)],
];
const { counted } = countCalls(backend.db);
const rows: string[] = [];
for (const size of [0, Math.round(history / 10), history]) {
  const t0 = performance.now();
  await finishUpTo(size);
  console.error(`history ${size}: built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (const [name, run] of cases) {
    const { calls, medianMs } = await callsAndMedianMs(counted, run, runs);
    rows.push(`| ${size} | ${name} | ${calls} | ${medianMs.toFixed(1)} |`);
  }
}
console.log(`Request lists, ${runs} sequential runs each, 20 open requests (10 pending), private DynamoDB Local:\n`);
markdownTable(['finished requests', 'read', 'DynamoDB calls', 'median ms'], rows);
await stop();
