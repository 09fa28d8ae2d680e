/**
 * The export function's Node options (ADR 033), one definition for infra/jobs.ts (what deploys) and
 * scripts/bench/export.ts (what measures it). The export's live data is a few pages and parts (~50 MB);
 * without a ceiling V8 lets the old space grow lazily and the process peaked ~50 MB higher in the bench.
 * 160 MB of old space keeps the peak RSS well under the 256 MB budget, far above what the job holds.
 * No imports: the bench loads it without CDK.
 */
export const EXPORT_NODE_OPTIONS = '--max-old-space-size=160';
