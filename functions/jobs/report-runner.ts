import { loadConfig } from '@portal/backend/config';
import { jobDepsFromConfig } from '@portal/backend/platform/jobs';
import { lazy } from '@portal/backend/platform';
import {
  type JobRegistry,
  jobEntry,
  parseScheduledJobEvent,
  runScheduledJob,
  runSweep,
  type SweepStep,
} from '@portal/backend/platform/scheduler';
import { reportJobsFromConfig } from '@portal/backend/report';
import { mailLogoFromConfig } from './mail-logo.ts';

/**
 * The report runner function (ADR 041): EventBridge Scheduler's target for report schedules (and the
 * local scheduler's invoke), and the target of the API's "run now" and of a fanned-out job's parts
 * (asynchronous invokes of this same function). Built on the first event from the table and the clock
 * only (ADR 059): a bad configuration fails it with the variable named. Its own name
 * (AWS_LAMBDA_FUNCTION_NAME, set by Lambda) is where parts go; the function's ARN cannot be in its own
 * environment (a cycle).
 */
const reports = lazy(async () => {
  const config = loadConfig();
  const selfFunctionName = process.env.AWS_LAMBDA_FUNCTION_NAME;
  const deps = jobDepsFromConfig(config);
  const logoPng = mailLogoFromConfig(config, deps.db);
  return reportJobsFromConfig(config, { ...deps, logoPng, ...(selfFunctionName ? { selfFunctionName } : {}) });
});

/** The sweep steps' table and clock (allocation ADR 087, company effects ADR 085): built on the first fire only. */
const sweepDeps = lazy(async () => jobDepsFromConfig(loadConfig()));

/**
 * The steps of the one fixed-rate sweep (ADR 108, platform/scheduler/sweep.ts): the report part slots
 * (ADR 104), the product allocation changes whose day began (ADR 087) and the approved company asset
 * changes whose port call failed (ADR 107). Another step joins by adding
 * itself here: idempotent, and one cheap read when it has nothing to do.
 */
export const sweepSteps: readonly SweepStep[] = [
  { name: 'report-slots', run: async () => (await reports()).sweepSlots() },
  {
    name: 'allocation-apply',
    run: async () => {
      const { db, now } = await sweepDeps();
      const { sweepAllocations } = await import('@portal/backend/allocation');
      return sweepAllocations(db, now());
    },
  },
  {
    name: 'company-effects',
    run: async () => {
      const { db, now } = await sweepDeps();
      const [{ retryCompanyEffects }, { applyLogo }] = await Promise.all([
        import('@portal/backend/company'),
        import('@portal/backend/logo'),
      ]);
      // The port the API's composition root builds (ADR 085): the logo's own idempotent apply.
      return retryCompanyEffects(db, now, {
        apply: async (customerId, logoId, by) => (await applyLogo({ db, now }, customerId, logoId, by)).changed,
      });
    },
  },
];
const step = (name: string) => sweepSteps.filter((s) => s.name === name);

/**
 * Jobs by payload kind: a schedule's fire, a manual run, a part of a fanned-out run, the one sweep of every step;
 * the slots' (ADR 077), the allocation's (ADR 087) and the company effects' (ADR 085) step alone under their own kinds.
 */
export const jobs: JobRegistry = new Map([
  jobEntry('report', async (payload) => (await reports()).runScheduled(payload)),
  jobEntry('report-job', async (payload) => (await reports()).run(payload)),
  jobEntry('report-part', async (payload) => (await reports()).run(payload)),
  jobEntry('sweep', async () => {
    await runSweep(sweepSteps);
  }),
  jobEntry('report-slots', async () => {
    await runSweep(step('report-slots'));
  }),
  jobEntry('allocation-apply', async () => {
    await runSweep(step('allocation-apply'));
  }),
  jobEntry('company-effects', async () => {
    await runSweep(step('company-effects'));
  }),
]);

/** Validate, then dispatch; a failure fails the invocation (async retries, then the DLQ). */
export const handler = async (event: unknown): Promise<void> => runScheduledJob(parseScheduledJobEvent(event), jobs);
