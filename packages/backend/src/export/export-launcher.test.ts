import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { ExportJobEvent, lambdaExportLauncher, localExportLauncher, unavailableExportLauncher } from './export-launcher.ts';

/** The export job port's two adapters (ADR 033): the AWS one against a mocked Lambda client, the local one for real. */
const lambda = mockClient(LambdaClient);
beforeEach(() => lambda.reset());

describe('the Lambda adapter', () => {
  it('invokes the export function asynchronously (Event) with the job id, and does not wait for the run', async () => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    const launcher = lambdaExportLauncher({ functionName: 'portal-test-Export', client: new LambdaClient({ region: 'eu-central-1' }) });
    await launcher.launch('3c9e1f2a-0000-4000-8000-000000000001');
    const calls = lambda.commandCalls(InvokeCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input.FunctionName).toBe('portal-test-Export');
    expect(input.InvocationType).toBe('Event');
    expect(ExportJobEvent.parse(JSON.parse(new TextDecoder().decode(input.Payload as Uint8Array)))).toEqual({ jobId: '3c9e1f2a-0000-4000-8000-000000000001' });
  });

  it('passes a refused invocation on (the service then marks the job failed)', async () => {
    lambda.on(InvokeCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));
    const launcher = lambdaExportLauncher({ functionName: 'portal-test-Export', client: new LambdaClient({ region: 'eu-central-1' }) });
    await expect(launcher.launch('3c9e1f2a-0000-4000-8000-000000000002')).rejects.toThrow('Rate exceeded');
  });
});

describe('the local adapter', () => {
  it('runs the job after the launching call returned, and idle() waits for it', async () => {
    const log: string[] = [];
    const launcher = localExportLauncher(async (jobId) => {
      log.push(`run ${jobId}`);
    });
    await launcher.launch('job-local-1');
    log.push('answered');
    await launcher.idle();
    expect(log).toEqual(['answered', 'run job-local-1']);
  });

  it('AWS mode without the function name refuses with 503 SERVER.UNAVAILABLE', async () => {
    await expect(unavailableExportLauncher.launch('job-x')).rejects.toMatchObject({ kind: 'unavailable', code: 'SERVER.UNAVAILABLE' });
  });
});
