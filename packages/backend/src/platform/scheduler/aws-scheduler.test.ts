import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  InternalServerException,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { AwsScheduler } from './aws-scheduler.ts';
import { createSchedulerPort } from './index.ts';
import type { ScheduleSpec } from './port.ts';

const scheduler = mockClient(SchedulerClient);
const options = {
  client: new SchedulerClient({ region: 'eu-central-1' }),
  groupName: 'portal-test',
  targetArn: 'arn:aws:lambda:eu-central-1:123456789012:function:report-runner',
  roleArn: 'arn:aws:iam::123456789012:role/scheduler-invoke',
  deadLetterArn: 'arn:aws:sqs:eu-central-1:123456789012:scheduler-dlq',
};
const spec: ScheduleSpec = {
  name: 'report.P-42.daily',
  expression: 'cron(30 6 ? * MON-FRI *)',
  timeZone: 'Europe/Berlin',
  payload: { kind: 'report', processId: 'P-42', scheduledFor: '<aws.scheduler.scheduled-time>' },
  state: 'ENABLED',
  retry: { maximumAttempts: 3, maximumEventAgeSeconds: 3600 },
  startDate: new Date('2026-01-01T00:00:00Z'),
};
const expectedInput = {
  Name: 'report.P-42.daily',
  GroupName: 'portal-test',
  ScheduleExpression: 'cron(30 6 ? * MON-FRI *)',
  ScheduleExpressionTimezone: 'Europe/Berlin',
  StartDate: new Date('2026-01-01T00:00:00Z'),
  State: 'ENABLED',
  FlexibleTimeWindow: { Mode: 'OFF' },
  Target: {
    Arn: options.targetArn,
    RoleArn: options.roleArn,
    Input: JSON.stringify(spec.payload),
    RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
    DeadLetterConfig: { Arn: options.deadLetterArn },
  },
};
/** Service exceptions as the SDK deserializes them. */
const awsError = (message: string) => ({ message, Message: message, $metadata: {} });

describe('AwsScheduler', () => {
  let port: AwsScheduler;
  beforeEach(() => {
    scheduler.reset();
    port = new AwsScheduler(options);
  });

  it('creates a schedule with the exact input shape', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
    await port.put(spec);
    const calls = scheduler.commandCalls(CreateScheduleCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual(expectedInput);
    expect(scheduler.commandCalls(UpdateScheduleCommand)).toHaveLength(0);
  });

  it('updates with the same input when the schedule already exists', async () => {
    scheduler.on(CreateScheduleCommand).rejects(new ConflictException(awsError('Schedule already exists')));
    scheduler.on(UpdateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
    await port.put({ ...spec, state: 'DISABLED' });
    const update = scheduler.commandCalls(UpdateScheduleCommand);
    expect(update).toHaveLength(1);
    expect(update[0]?.args[0].input).toEqual({ ...expectedInput, State: 'DISABLED' });
  });

  it('passes other create errors through', async () => {
    scheduler.on(CreateScheduleCommand).rejects(new InternalServerException(awsError('boom')));
    await expect(port.put(spec)).rejects.toThrow('boom');
    expect(scheduler.commandCalls(UpdateScheduleCommand)).toHaveLength(0);
  });

  it('validates the spec before calling AWS', async () => {
    await expect(port.put({ ...spec, name: 'bad name!' })).rejects.toThrow(/Schedule names/);
    await expect(port.put({ ...spec, expression: 'cron(0 10 * * * *)' })).rejects.toThrow(/one of day-of-month and day-of-week/);
    await expect(port.put({ ...spec, timeZone: 'Europe/Atlantis' })).rejects.toThrow(/IANA/);
    await expect(port.put({ ...spec, retry: { maximumAttempts: 186, maximumEventAgeSeconds: 60 } })).rejects.toThrow();
    await expect(port.put({ ...spec, retry: { maximumAttempts: 0, maximumEventAgeSeconds: 59 } })).rejects.toThrow();
    await expect(port.put({ ...spec, endDate: new Date('2025-01-01T00:00:00Z') })).rejects.toThrow(/endDate/);
    expect(scheduler.calls()).toHaveLength(0);
  });

  it('deletes, and treats a missing schedule as deleted', async () => {
    scheduler
      .on(DeleteScheduleCommand)
      .resolvesOnce({})
      .rejectsOnce(new ResourceNotFoundException(awsError('not found')));
    await port.remove('report.P-42.daily');
    await port.remove('report.P-42.daily');
    const calls = scheduler.commandCalls(DeleteScheduleCommand);
    expect(calls.map((c) => c.args[0].input)).toEqual([
      { Name: 'report.P-42.daily', GroupName: 'portal-test' },
      { Name: 'report.P-42.daily', GroupName: 'portal-test' },
    ]);
  });

  it('passes other delete errors through', async () => {
    scheduler.on(DeleteScheduleCommand).rejects(new InternalServerException(awsError('boom')));
    await expect(port.remove('x')).rejects.toThrow('boom');
  });

  it('maps GetSchedule back to the spec', async () => {
    scheduler.on(GetScheduleCommand, { Name: 'report.P-42.daily', GroupName: 'portal-test' }).resolves({
      Name: 'report.P-42.daily',
      GroupName: 'portal-test',
      ScheduleExpression: expectedInput.ScheduleExpression,
      ScheduleExpressionTimezone: 'Europe/Berlin',
      StartDate: new Date('2026-01-01T00:00:00Z'),
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: expectedInput.Target,
    });
    expect(await port.get('report.P-42.daily')).toEqual(spec);
  });

  it('returns null for a missing schedule', async () => {
    scheduler.on(GetScheduleCommand).rejects(new ResourceNotFoundException(awsError('nope')));
    expect(await port.get('missing')).toBeNull();
  });

  it('createSchedulerPort builds the AWS adapter in aws mode', async () => {
    scheduler.on(CreateScheduleCommand).resolves({});
    const fromConfig = createSchedulerPort({ mode: 'aws', ...options });
    expect(fromConfig).toBeInstanceOf(AwsScheduler);
    await fromConfig.put(spec);
    expect(scheduler.commandCalls(CreateScheduleCommand)[0]?.args[0].input).toEqual(expectedInput);
  });
});
