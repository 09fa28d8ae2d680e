import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseScheduledJobEvent } from '../scheduler/dispatch.ts';
import { jobLauncherFromConfig, lambdaJobLauncher, localJobLauncher, unavailableJobLauncher } from './job-launcher.ts';

/** The job port's adapters (ADR 033, 041, 059): the AWS one against a mocked Lambda client, the local one for real. */
const lambda = mockClient(LambdaClient);
beforeEach(() => lambda.reset());

type ReportLaunch = { kind: 'report-job'; jobId: string } | { kind: 'report-part'; jobId: string; part: number };

describe('the Lambda adapter', () => {
  it('invokes the report runner asynchronously (Event) with a payload its handler accepts: a run and a part', async () => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    const launcher = lambdaJobLauncher<ReportLaunch>({
      functionName: 'portal-test-ReportRunner',
      client: new LambdaClient({ region: 'eu-central-1' }),
    });
    await launcher.launch({ kind: 'report-job', jobId: '3c9e1f2a-0000-4000-8000-000000000001' });
    await launcher.launch({ kind: 'report-part', jobId: 's-0123456789abcdef0123456789abcdef01234567', part: 2 });
    const inputs = lambda.commandCalls(InvokeCommand).map((c) => c.args[0].input);
    expect(inputs.map((i) => [i.FunctionName, i.InvocationType])).toEqual([
      ['portal-test-ReportRunner', 'Event'],
      ['portal-test-ReportRunner', 'Event'],
    ]);
    const events = inputs.map((i) => parseScheduledJobEvent(JSON.parse(new TextDecoder().decode(i.Payload as Uint8Array))));
    expect(events).toEqual([
      { kind: 'report-job', jobId: '3c9e1f2a-0000-4000-8000-000000000001' },
      { kind: 'report-part', jobId: 's-0123456789abcdef0123456789abcdef01234567', part: 2 },
    ]);
  });

  it('passes a refused invocation on (the service then marks the job failed)', async () => {
    lambda.on(InvokeCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));
    const launcher = lambdaJobLauncher<{ jobId: string }>({
      functionName: 'portal-test-Export',
      client: new LambdaClient({ region: 'eu-central-1' }),
    });
    await expect(launcher.launch({ jobId: '3c9e1f2a-0000-4000-8000-000000000002' })).rejects.toThrow('Rate exceeded');
  });
});

describe('the local adapter', () => {
  it('runs the job after the launching call returned, and idle() waits for it', async () => {
    const log: string[] = [];
    const launcher = localJobLauncher<{ jobId: string }>('export', async ({ jobId }) => {
      log.push(`run ${jobId}`);
    });
    await launcher.launch({ jobId: 'job-local-1' });
    log.push('answered');
    await launcher.idle();
    expect(log).toEqual(['answered', 'run job-local-1']);
  });

  it('idle() waits for what runs launch in turn (parts)', async () => {
    const log: string[] = [];
    const launcher = localJobLauncher<ReportLaunch>('report', async (payload) => {
      log.push(payload.kind);
      if (payload.kind === 'report-job') await launcher.launch({ kind: 'report-part', jobId: payload.jobId, part: 0 });
    });
    await launcher.launch({ kind: 'report-job', jobId: 'job-local-1' });
    log.push('answered');
    await launcher.idle();
    expect(log).toEqual(['answered', 'report-job', 'report-part']);
  });

  it('AWS mode without the function name refuses with 503 SERVER.UNAVAILABLE', async () => {
    await expect(unavailableJobLauncher('Exports are not available at the moment.').launch({ jobId: 'job-x' })).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'SERVER.UNAVAILABLE',
    });
  });
});

describe('the launcher by config', () => {
  const job = { label: 'test', unavailable: 'Not now.', run: async () => {} };
  it('a function name: Lambda; local mode: this process; AWS mode without a name: refused; a given launcher wins', async () => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    const viaLambda = jobLauncherFromConfig(
      { AWS_REGION: 'eu-central-1', SCHEDULER_MODE: 'aws' },
      { ...job, functionName: 'portal-test-Runner' },
    );
    await viaLambda.launcher.launch({ jobId: 'job-1' });
    expect(lambda.commandCalls(InvokeCommand)).toHaveLength(1);

    const ran: string[] = [];
    const local = jobLauncherFromConfig<{ jobId: string }>(
      { AWS_REGION: 'eu-central-1', SCHEDULER_MODE: 'local' },
      { ...job, functionName: undefined, run: async (p) => void ran.push(p.jobId) },
    );
    await local.launcher.launch({ jobId: 'job-2' });
    await local.idle();
    expect(ran).toEqual(['job-2']);

    const refused = jobLauncherFromConfig({ AWS_REGION: 'eu-central-1', SCHEDULER_MODE: 'aws' }, { ...job, functionName: undefined });
    await expect(refused.launcher.launch({ jobId: 'job-3' })).rejects.toMatchObject({ kind: 'unavailable', message: 'Not now.' });

    const given = { launch: async () => {} };
    expect(
      jobLauncherFromConfig({ AWS_REGION: 'eu-central-1', SCHEDULER_MODE: 'aws' }, { ...job, functionName: 'x', launcher: given }).launcher,
    ).toBe(given);
  });
});
