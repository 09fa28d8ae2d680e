import type { LambdaClient } from '@aws-sdk/client-lambda';
import { SERVER } from '@portal/core/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { lazy } from '../lazy.ts';

/**
 * The job port (ADR 033, ADR 059): the API starts a job's runner without waiting for it; so does a runner
 * that fans its work out (report parts, ADR 041). One interface over the payload, two adapters chosen by
 * config, like the Scheduler port (ADR 005):
 * - AWS (the runner's function name set): an asynchronous Lambda invocation (InvocationType 'Event') of the
 *   runner function with the payload, which runs up to 15 minutes with its own memory; the caller answers at once;
 * - local: the same runner in this process, in the background (npm start, tests).
 * AWS without the name: the job is refused (503) rather than run inside the API Lambda, frozen once it answered.
 * Not EventBridge Scheduler: its at() schedules have minute granularity, a job should start now.
 */
export interface JobLauncher<P> {
  launch(payload: P): Promise<void>;
}

const sdk = lazy(() => import('./lambda-sdk.ts'));

export function lambdaJobLauncher<P>(options: { functionName: string; region?: string; client?: LambdaClient }): JobLauncher<P> {
  const client = lazy(async () => options.client ?? new (await sdk()).LambdaClient(options.region ? { region: options.region } : {}));
  return {
    async launch(payload) {
      const [lambda, { InvokeCommand }] = await Promise.all([client(), sdk()]);
      await lambda.send(
        new InvokeCommand({
          FunctionName: options.functionName,
          InvocationType: 'Event',
          Payload: new TextEncoder().encode(JSON.stringify(payload)),
        }),
      );
    },
  };
}

export type LocalJobLauncher<P> = JobLauncher<P> & {
  /** Resolves when everything launched so far (and what it launched in turn) has finished (tests, shutdown, the scheduler hook). */
  idle(): Promise<void>;
};

/** Runs `run(payload)` in this process after the current request; the runner records its own failures. `label` names it in the log. */
export function localJobLauncher<P extends object>(label: string, run: (payload: P) => Promise<void>): LocalJobLauncher<P> {
  const running = new Set<Promise<void>>();
  return {
    async launch(payload) {
      const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => run(payload))
        .catch((error: unknown) => console.error(`[${label}] run failed`, { ...payload, error: String(error) }))
        .finally(() => running.delete(job));
      running.add(job);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

/** On AWS without the runner's function name: every launch answers 503 with `message`. */
export function unavailableJobLauncher<P>(message: string): JobLauncher<P> {
  return {
    async launch() {
      throw new AppError('unavailable', SERVER.UNAVAILABLE, message);
    },
  };
}

export type JobLauncherSettings = Pick<Config, 'AWS_REGION' | 'SCHEDULER_MODE'>;

/**
 * The launcher of one kind of job, by config: the runner function's name → Lambda; local mode → this
 * process (`run`); AWS without a name → `unavailable`. `launcher` replaces it (tests, the route gates);
 * `idle()` waits for the local runs whichever was chosen.
 */
export function jobLauncherFromConfig<P extends object>(
  config: JobLauncherSettings,
  job: {
    label: string;
    functionName: string | undefined;
    unavailable: string;
    run: (payload: P) => Promise<void>;
    launcher?: JobLauncher<P> | undefined;
  },
): { launcher: JobLauncher<P>; idle: () => Promise<void> } {
  const local = localJobLauncher<P>(job.label, job.run);
  const launcher =
    job.launcher ??
    (job.functionName
      ? lambdaJobLauncher<P>({ functionName: job.functionName, region: config.AWS_REGION })
      : config.SCHEDULER_MODE === 'aws'
        ? unavailableJobLauncher<P>(job.unavailable)
        : local);
  return { launcher, idle: () => local.idle() };
}
