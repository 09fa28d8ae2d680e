import type { LambdaClient } from '@aws-sdk/client-lambda';
import { SERVER } from '@portal/core/shared';
import { AppError } from '../errors.ts';
import { lazy } from '../platform/lazy.ts';
import type { ReportPartPayload, ReportRunPayload } from '../platform/scheduler/dispatch.ts';

/**
 * Starts report work without waiting for it (ADR 041, the export's job port of ADR 033): "run now" from the
 * API and the parts of a fanned-out run from the runner. One interface, two adapters chosen by config:
 * - AWS: an asynchronous invoke (InvocationType 'Event') of the report runner function with the payload;
 *   its async config retries twice and dead-letters (infra/jobs.ts);
 * - local (npm start, tests): the same runner in this process, in the background.
 */
export type ReportLaunch = ReportRunPayload | ReportPartPayload;

export interface ReportJobLauncher {
  launch(payload: ReportLaunch): Promise<void>;
}

const sdk = lazy(() => import('../export/lambda-sdk.ts'));

export function lambdaReportLauncher(options: { functionName: string; region?: string; client?: LambdaClient }): ReportJobLauncher {
  const client = lazy(async () => options.client ?? new (await sdk()).LambdaClient(options.region ? { region: options.region } : {}));
  return {
    async launch(payload) {
      const [lambda, { InvokeCommand }] = await Promise.all([client(), sdk()]);
      await lambda.send(new InvokeCommand({ FunctionName: options.functionName, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(payload)) }));
    },
  };
}

export type LocalReportLauncher = ReportJobLauncher & {
  /** Resolves when everything launched so far (and what it launched) has finished (tests, the scheduler hook). */
  idle(): Promise<void>;
};

/** Runs `run(payload)` in this process after the current request; the runner records its own failures. */
export function localReportLauncher(run: (payload: ReportLaunch) => Promise<void>): LocalReportLauncher {
  const running = new Set<Promise<void>>();
  return {
    async launch(payload) {
      const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => run(payload))
        .catch((error: unknown) => console.error('[report] run failed', { ...payload, error: String(error) }))
        .finally(() => running.delete(job));
      running.add(job);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

/** On AWS without the runner's name: "run now" is refused rather than run inside the API Lambda. */
export const unavailableReportLauncher: ReportJobLauncher = {
  async launch() {
    throw new AppError('unavailable', SERVER.UNAVAILABLE, 'Reports cannot be run at the moment.');
  },
};
