/**
 * One read of a list bench measured the same way in every such bench: its DynamoDB calls (counted once, on a
 * warm copy) and the median of `runs` sequential timings, as a Markdown table row's last two cells.
 */
export async function callsAndMedianMs(
  counted: <T>(run: () => Promise<T>) => Promise<{ result: T; calls: number }>,
  run: () => Promise<unknown>,
  runs: number,
): Promise<{ calls: number; medianMs: number }> {
  const { calls } = await counted(run);
  const sorted = await sequentialTimesMs(run, runs);
  return { calls, medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0 };
}

/** The milliseconds of `runs` sequential runs of `run`, fastest first. */
export async function sequentialTimesMs(run: () => Promise<unknown>, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

/**
 * `clients` parallel readers, each `runs` reads in turn (`read(client)`, client 0..clients-1): the reads done and
 * their p50 / p99 in ms, as a Markdown table row's last three cells.
 */
export async function parallelReads(clients: number, runs: number, read: (client: number) => Promise<unknown>): Promise<string> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < runs; i += 1) {
        const t = performance.now();
        await read(c);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
  return `${sorted.length} | ${pct(50).toFixed(1)} | ${pct(99).toFixed(1)}`;
}

/** Prints a Markdown table: the header row, its separator, then the rows (each already `| a | b |`). */
export function markdownTable(header: readonly string[], rows: readonly string[]): void {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${' --- |'.repeat(header.length)}`);
  for (const row of rows) console.log(row);
}
