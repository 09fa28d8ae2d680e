import type { LambdaClient } from '@aws-sdk/client-lambda';
import * as z from '@portal/core/zod';
import { SERVER } from '@portal/core/shared';
import { AppError } from '../errors.ts';
import { lazy } from '../platform/lazy.ts';

/**
 * The export job port (ADR 033): the API creates a job and launches its runner without waiting for it.
 * One interface, two adapters chosen by config, like the Scheduler port (ADR 005):
 * - AWS (EXPORT_FUNCTION_NAME set): an asynchronous Lambda invocation (InvocationType 'Event') of the
 *   export function, which runs up to 15 minutes with its own memory; the API answers at once;
 * - local: the same runner in this process, in the background (npm start, tests).
 * Not EventBridge Scheduler: its at() schedules have minute granularity, an export should start now.
 */
export interface ExportLauncher {
  launch(jobId: string): Promise<void>;
}

/** What the export function receives. */
export const ExportJobEvent = z.object({ jobId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/)) });
export type ExportJobEvent = z.infer<typeof ExportJobEvent>;

const sdk = lazy(() => import('./lambda-sdk.ts'));

export function lambdaExportLauncher(options: { functionName: string; region?: string; client?: LambdaClient }): ExportLauncher {
  const client = lazy(async () => options.client ?? new (await sdk()).LambdaClient(options.region ? { region: options.region } : {}));
  return {
    async launch(jobId) {
      const [lambda, { InvokeCommand }] = await Promise.all([client(), sdk()]);
      const event: ExportJobEvent = { jobId };
      await lambda.send(new InvokeCommand({ FunctionName: options.functionName, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(event)) }));
    },
  };
}

export type LocalExportLauncher = ExportLauncher & {
  /** Resolves when every job launched so far has finished (tests, shutdown). */
  idle(): Promise<void>;
};

/** Runs `run(jobId)` in this process after the current request; the runner records its own failures. */
export function localExportLauncher(run: (jobId: string) => Promise<void>): LocalExportLauncher {
  const running = new Set<Promise<void>>();
  return {
    async launch(jobId) {
      const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => run(jobId))
        .catch((error: unknown) => console.error('[export] runner failed', { jobId, error: String(error) }))
        .finally(() => running.delete(job));
      running.add(job);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

/** On AWS without the export function's name: exports are refused rather than run inside the API. */
export const unavailableExportLauncher: ExportLauncher = {
  async launch() {
    throw new AppError('unavailable', SERVER.UNAVAILABLE, 'Exports are not available at the moment.');
  },
};
