import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, expect, it } from 'vitest';
import { lambdaJobLauncher } from '../platform/jobs/job-launcher.ts';
import { ExportJobEvent } from './export-job-event.ts';

/** The export's launch through the job port (ADR 033, 059): the export function accepts what the API sends. */
const lambda = mockClient(LambdaClient);
beforeEach(() => lambda.reset());

it('invokes the export function asynchronously (Event) with the job id, and does not wait for the run', async () => {
  lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
  const launcher = lambdaJobLauncher<ExportJobEvent>({
    functionName: 'portal-test-Export',
    client: new LambdaClient({ region: 'eu-central-1' }),
  });
  await launcher.launch({ jobId: '3c9e1f2a-0000-4000-8000-000000000001' });
  const calls = lambda.commandCalls(InvokeCommand);
  expect(calls).toHaveLength(1);
  const input = calls[0]!.args[0].input;
  expect(input.FunctionName).toBe('portal-test-Export');
  expect(input.InvocationType).toBe('Event');
  expect(ExportJobEvent.parse(JSON.parse(new TextDecoder().decode(input.Payload as Uint8Array)))).toEqual({
    jobId: '3c9e1f2a-0000-4000-8000-000000000001',
  });
});
