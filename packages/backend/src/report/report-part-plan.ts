/**
 * The fan-out's part planner (ADR 041, sized by ADR 074): given a period's rows per time window (a day of
 * the report's zone, or an hour of a day too large for one part), newest first, it groups windows into
 * parts and estimates what each reads and how long it runs, so that no part passes what one invocation
 * writes in its 15 minutes and no partition key value is read past its share of 3,000 RCU/s. Pure.
 */

/** One time window of the period: [from, to) in epoch ms, its rows (from the summaries) and its zone day. */
export type PlanWindow = { day: string; from: number; to: number; rows: number };

/** What the estimate assumes (ADR 074 gives the figures behind REPORT_READ_PROFILE). */
export type ReadProfile = {
  /** Average stored size of a transaction row (the load model measures ~470 B). */
  rowBytes: number;
  /** Rows one part invocation reads and writes per second (CPU-bound: the report bench, scaled to the part's memory). */
  rowsPerSecond: number;
  /** The RCU/s one report may take from one partition key value (of its 3,000: others read it too). */
  keyShareRcuPerSecond: number;
  /** A part's longest estimated run (Lambda stops at 900 s; the rest is margin). */
  maxPartSeconds: number;
  /** Rows in one part at most (the per-file limit: a part is never two files). */
  partRows: number;
};

/**
 * - rowBytes 470: the load model's transaction row (docs/benchmarks.md).
 * - rowsPerSecond 1,600: the report bench's 5,608 rows/s on one full core (ADR 041), times the CPU share of
 *   the runner's 512 MB (Lambda gives a full vCPU at 1,769 MB: 512/1,769 ≈ 0.29).
 * - keyShareRcuPerSecond 1,000: a third of a key's 3,000 — at 00:00 on the 1st a customer's daily, weekly
 *   and monthly reports read the same days, and its users' pages read them too.
 * - maxPartSeconds 720: 80 % of Lambda's 900 s.
 */
export const REPORT_READ_PROFILE: Omit<ReadProfile, 'partRows'> = {
  rowBytes: 470,
  rowsPerSecond: 1_600,
  keyShareRcuPerSecond: 1_000,
  maxPartSeconds: 720,
};

/**
 * The 1st of the month within the prod table's warm reads (ADR 077): the runner function's reserved
 * concurrency (prod) bounds every report invocation, whole runs and parts: 300 × ~92 RCU/s ≈ 27,600 RCU/s
 * beside the fleet's ~9,300. Of these, parts of fanned-out jobs take at most REPORT_PARTS_AT_ONCE slots,
 * largest job first, so the largest customer's month starts at once and small whole runs keep ~100.
 */
export const REPORT_RUNNER_CONCURRENCY = 300;
export const REPORT_PARTS_AT_ONCE = 200;

/** Which partition key value a window's rows are read from (the transaction key layout). */
export type KeyLayout = (window: PlanWindow) => string;

/** Eventually consistent Query: 0.5 RCU per 4 KB read, summed over the page's items. */
export const readUnits = (rows: number, rowBytes: number) => Math.ceil((rows * rowBytes) / 4096 / 2);

export type PlannedPart = {
  index: number;
  /** The zone days the part spans (oldest, newest). */
  dateFrom: string;
  dateUntil: string;
  /** The instants the part reads, [from, to) as ISO. */
  from: string;
  to: string;
  estimatedRows: number;
  estimatedRcu: number;
  estimatedSeconds: number;
};

export type KeyLoad = { key: string; rcu: number; parts: number; seconds: number };

export type PartPlan = {
  parts: PlannedPart[];
  keys: KeyLoad[];
  /** All parts launched at once: the slowest part (by its own rate or its key's share). */
  seconds: number;
  /**
   * The job's parts that may read at once (ADR 077): per key, as many as its share holds at a part's own
   * rate (1,000 / 92 ≈ 10), summed over the keys; more would only slow each part past its 15 minutes.
   */
  atOnce: number;
  /** What breaks the profile's bounds, in words (empty when the plan fits). */
  problems: string[];
};

/**
 * Groups consecutive windows (newest first) into parts of at most `partRows` rows (a window above it is a
 * part of its own) that never read two key values, then estimates: a part's RCU from its rows; its
 * seconds as the longer of its own rate and its key's drain time (the parts of one key, all running at
 * once, share that key's RCU/s, so none ends before the key's reads do).
 */
export function planReportParts(windows: readonly PlanWindow[], profile: ReadProfile, keyOf: KeyLayout): PartPlan {
  const groups: { key: string; newest: PlanWindow; oldest: PlanWindow; rows: number }[] = [];
  for (const window of windows) {
    const key = keyOf(window);
    const open = groups.at(-1);
    // A window without rows reads no key (the source skips the days its counts show empty, ADR 074): it joins
    // the open part whatever its key, and a part of such windows only takes the key of its first rows.
    if (open && open.rows + window.rows <= profile.partRows && (window.rows === 0 || open.rows === 0 || open.key === key)) {
      if (open.rows === 0) open.key = key;
      open.oldest = window;
      open.rows += window.rows;
    } else groups.push({ key, newest: window, oldest: window, rows: window.rows });
  }
  const byKey = new Map<string, KeyLoad>();
  for (const group of groups) {
    const load = byKey.get(group.key) ?? { key: group.key, rcu: 0, parts: 0, seconds: 0 };
    load.rcu += readUnits(group.rows, profile.rowBytes);
    load.parts += 1;
    load.seconds = load.rcu / profile.keyShareRcuPerSecond;
    byKey.set(group.key, load);
  }
  const parts = groups.map((group, index): PlannedPart => ({
    index,
    dateFrom: group.oldest.day,
    dateUntil: group.newest.day,
    from: new Date(group.oldest.from).toISOString(),
    to: new Date(group.newest.to).toISOString(),
    estimatedRows: group.rows,
    estimatedRcu: readUnits(group.rows, profile.rowBytes),
    estimatedSeconds: Math.ceil(Math.max(group.rows / profile.rowsPerSecond, byKey.get(group.key)?.seconds ?? 0)),
  }));
  const keys = [...byKey.values()];
  const problems = [
    ...keys
      .filter((k) => k.seconds > profile.maxPartSeconds)
      .map(
        (k) =>
          `${k.key}: ${k.rcu} RCU at ${profile.keyShareRcuPerSecond} RCU/s takes ${Math.ceil(k.seconds)} s, past a part's ${profile.maxPartSeconds} s`,
      ),
    ...parts
      .filter((p) => p.estimatedRows / profile.rowsPerSecond > profile.maxPartSeconds)
      .map((p) => `part ${p.index}: ${p.estimatedRows} rows at ${profile.rowsPerSecond} rows/s is past ${profile.maxPartSeconds} s`),
  ];
  const perKey = Math.max(1, Math.floor(profile.keyShareRcuPerSecond / ((profile.rowsPerSecond * profile.rowBytes) / 4096 / 2)));
  const atOnce = keys.reduce((n, k) => n + Math.min(k.parts, perKey), 0);
  return { parts, keys, seconds: Math.max(0, ...parts.map((p) => p.estimatedSeconds)), atOnce, problems };
}

/** The layout of before ADR 074 (ADR 032): one partition per ledger, `TXN#<ledger>`, whatever the time; kept to compare plans. */
export const ledgerKey =
  (ledgerId: string): KeyLayout =>
  () =>
    `TXN#${ledgerId}`;

/**
 * The layout of the rows (ADR 074, built): one partition per ledger and UTC day, `TXN#<ledger>#<day>`. A
 * window is counted on the UTC day it starts in: exact for hour windows (the large days), an approximation
 * for a whole zone day off UTC (small days, far below any key's share).
 */
export const dayBucketKey =
  (ledgerId: string): KeyLayout =>
  (window) =>
    `TXN#${ledgerId}#${new Date(window.from).toISOString().slice(0, 10)}`;
