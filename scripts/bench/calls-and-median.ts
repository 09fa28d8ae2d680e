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
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  const sorted = times.sort((a, b) => a - b);
  return { calls, medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0 };
}
