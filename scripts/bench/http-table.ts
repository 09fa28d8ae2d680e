import { quantile } from './local-portal.ts';

/** One load of an HTTP bench: requests, their rate, latency quantiles, answers by status, failed requests. */
export type Outcome = { requests: number; perSecond: number; p50: number; p99: number; statuses: Record<string, number>; errors: number };
/** A row of the result table: a measured load, or `outcome: null` with a note (a skipped route). */
export type Row<O extends Outcome = Outcome> = { name: string; calls: string; outcome: O | null; note?: string };

/** The outcome of requests that took `times` ms (sorted here) over `seconds`. */
export function summarise(times: number[], seconds: number, statuses: Record<string, number>, errors: number): Outcome {
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    perSecond: times.length / seconds,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    statuses,
    errors,
  };
}

/**
 * A closed-loop load: `clients` loops, each sending one request after another until `seconds` have passed
 * (or `maxRequests` were started). `request(client)` is timed and its answer counted under `statusOf(answer)`,
 * a throw as an error; `seen(client, answer)` (untimed) lets a client keep state between its requests.
 */
export async function closedLoop<A>(
  { clients, seconds, maxRequests = Infinity }: { clients: number; seconds: number; maxRequests?: number },
  request: (client: number) => Promise<A>,
  statusOf: (answer: A) => string | number,
  seen?: (client: number, answer: A) => Promise<void> | void,
): Promise<Outcome> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let started = 0;
  const begin = performance.now();
  const deadline = begin + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline && started < maxRequests) {
        started += 1;
        const t = performance.now();
        let answer: { of: A } | null = null;
        try {
          answer = { of: await request(client) };
          const status = statusOf(answer.of);
          statuses[status] = (statuses[status] ?? 0) + 1;
        } catch {
          errors += 1;
        }
        times.push(performance.now() - t);
        if (answer && seen) await seen(client, answer.of);
      }
    }),
  );
  return summarise(times, (performance.now() - begin) / 1000, statuses, errors);
}

/** The row of a route whose first request did not answer 2xx: the load is skipped, the answer noted. */
export const skippedRow = (name: string, status: number, body: unknown): Row<never> => ({
  name,
  calls: '–',
  outcome: null,
  note: `skipped: first request answered ${status} ${JSON.stringify(body).slice(0, 120)}`,
});

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(n >= 100 ? 0 : 1) : '–');

/** Prints the rows as a Markdown table; `kbOf` adds a column of the mean answer size. */
export function printTable<O extends Outcome>(rows: readonly Row<O>[], kbOf?: (outcome: O) => number): void {
  const kb = (cell: string) => (kbOf ? ` ${cell} |` : '');
  console.log(`| request | DynamoDB calls | requests | requests/s | p50 ms | p99 ms |${kb('answer KB')} statuses | errors |`);
  console.log(`|---|---:|---:|---:|---:|---:|${kbOf ? '---:|' : ''}---|---:|`);
  for (const row of rows) {
    const o = row.outcome;
    if (!o) {
      console.log(`| ${row.name} | ${row.calls} | – | – | – | – |${kb('–')} ${row.note} | – |`);
      continue;
    }
    const statuses = Object.entries(o.statuses)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    console.log(
      `| ${row.name} | ${row.calls} | ${o.requests} | ${fmt(o.perSecond)} | ${fmt(o.p50)} | ${fmt(o.p99)} |${kb(fmt(kbOf?.(o) ?? NaN))} ${statuses} | ${o.errors} |`,
    );
  }
}
