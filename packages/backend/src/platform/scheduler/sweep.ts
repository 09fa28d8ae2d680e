/**
 * The one fixed-rate sweep (ADR 108): every background step that must run even when nothing triggers
 * it (the report part slots, ADR 104; the product allocation changes whose day began, ADR 087) shares
 * one EventBridge Scheduler schedule, `{ "kind": "sweep" }` every SWEEP_MINUTES, and locally one timer. A step
 * joins by adding itself to the runner's list (functions/jobs/report-runner.ts `sweepSteps`).
 *
 * Steps run in parallel and independently: a slow step does not hold back the others, and a failing one is
 * reported after every step ran. The sweep then fails, so Lambda's async retries run it again — every step
 * again: a step must be idempotent and cheap when it has nothing to do (one Query or GetItem).
 */
export const SWEEP_MINUTES = 5;

export type SweepStep = { name: string; run: () => Promise<unknown> };

export class SweepStepsFailed extends AggregateError {
  override readonly name = 'SweepStepsFailed';
}

/** Runs every step; answers each step's outcome by name, or throws SweepStepsFailed naming the failed steps. */
export async function runSweep(steps: readonly SweepStep[]): Promise<Record<string, unknown>> {
  const settled = await Promise.allSettled(steps.map((step) => step.run()));
  const outcomes: Record<string, unknown> = {};
  const failed: { name: string; reason: unknown }[] = [];
  settled.forEach((result, i) => {
    const name = steps[i]?.name ?? String(i);
    if (result.status === 'fulfilled') outcomes[name] = result.value;
    else failed.push({ name, reason: result.reason });
  });
  if (failed.length > 0)
    throw new SweepStepsFailed(
      failed.map((f) => f.reason),
      `Sweep steps failed: ${failed.map((f) => `${f.name} (${f.reason instanceof Error ? f.reason.message : String(f.reason)})`).join('; ')}`,
    );
  return outcomes;
}
