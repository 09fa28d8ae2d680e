import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseScheduledJobEvent } from '../platform/scheduler/dispatch.ts';
import { lambdaReportLauncher, localReportLauncher, unavailableReportLauncher } from './report-job-launcher.ts';

/** The report job port's adapters (ADR 041): the AWS one against a mocked Lambda client, the local one for real. */
const lambda = mockClient(LambdaClient);
beforeEach(() => lambda.reset());

describe('the Lambda adapter', () => {
  it('invokes the report runner asynchronously (Event) with a payload its handler accepts: a run and a part', async () => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    const launcher = lambdaReportLauncher({ functionName: 'portal-test-ReportRunner', client: new LambdaClient({ region: 'eu-central-1' }) });
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
    const launcher = lambdaReportLauncher({ functionName: 'portal-test-ReportRunner', client: new LambdaClient({ region: 'eu-central-1' }) });
    await expect(launcher.launch({ kind: 'report-job', jobId: '3c9e1f2a-0000-4000-8000-000000000002' })).rejects.toThrow('Rate exceeded');
  });
});

describe('the local adapter', () => {
  it('runs after the launching call returned, and idle() waits for what runs launch in turn (parts)', async () => {
    const log: string[] = [];
    const launcher = localReportLauncher(async (payload) => {
      log.push(payload.kind);
      if (payload.kind === 'report-job') await launcher.launch({ kind: 'report-part', jobId: payload.jobId, part: 0 });
    });
    await launcher.launch({ kind: 'report-job', jobId: 'job-local-1' });
    log.push('answered');
    await launcher.idle();
    expect(log).toEqual(['answered', 'report-job', 'report-part']);
  });

  it('AWS mode without the runner name refuses with 503 SERVER.UNAVAILABLE', async () => {
    await expect(unavailableReportLauncher.launch({ kind: 'report-job', jobId: 'job-x-0001' })).rejects.toMatchObject({ kind: 'unavailable', code: 'SERVER.UNAVAILABLE' });
  });
});
