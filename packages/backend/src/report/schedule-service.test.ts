import { CreateScheduleCommand, DeleteScheduleCommand, ResourceNotFoundException, SchedulerClient } from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { AwsScheduler } from '../platform/scheduler/aws-scheduler.ts';
import { defaultSchedule, mirrorSchedule, reportScheduleName } from './schedule-service.ts';

/** The report schedule as EventBridge Scheduler receives it (the AWS adapter against a mocked client). */
const sdk = mockClient(SchedulerClient);
const scheduler = new AwsScheduler({
  client: new SchedulerClient({ region: 'eu-central-1' }),
  groupName: 'portal-reports',
  targetArn: 'arn:aws:lambda:eu-central-1:123456789012:function:report-runner',
  roleArn: 'arn:aws:iam::123456789012:role/scheduler-invoke',
  deadLetterArn: 'arn:aws:sqs:eu-central-1:123456789012:scheduler-dlq',
});

beforeEach(() => sdk.reset());

describe('mirroring a report schedule to EventBridge Scheduler', () => {
  it('creates one schedule per processId in the report zone, with the runner payload, retries and the DLQ', async () => {
    sdk.on(CreateScheduleCommand).resolves({});
    const schedule = {
      ...defaultSchedule('cr-abc', 'America/Los_Angeles'),
      enabled: true,
      reportingDays: ['monday' as const, 'friday' as const],
      sendTime: '02:30',
    };
    await mirrorSchedule(scheduler, schedule);
    const input = sdk.commandCalls(CreateScheduleCommand)[0]!.args[0].input;
    expect(input).toMatchObject({
      Name: 'rpt.cr-abc',
      GroupName: 'portal-reports',
      ScheduleExpression: 'cron(30 2 ? * MON,FRI *)',
      ScheduleExpressionTimezone: 'America/Los_Angeles',
      State: 'ENABLED',
      Target: {
        Input: JSON.stringify({ kind: 'report', processId: 'cr-abc', scheduledFor: '<aws.scheduler.scheduled-time>' }),
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: 'arn:aws:sqs:eu-central-1:123456789012:scheduler-dlq' },
      },
    });
  });

  it('off deletes it (a schedule already gone is fine)', async () => {
    sdk.on(DeleteScheduleCommand).rejects(new ResourceNotFoundException({ message: 'gone', Message: 'gone', $metadata: {} }));
    await mirrorSchedule(scheduler, defaultSchedule('cr-abc', 'Europe/Berlin'));
    expect(sdk.commandCalls(DeleteScheduleCommand)[0]!.args[0].input).toMatchObject({ Name: 'rpt.cr-abc', GroupName: 'portal-reports' });
  });

  it('names fit the AWS charset and length: long or odd processIds are hashed, one name per processId', () => {
    expect(reportScheduleName('gen.transactions.R-1001')).toBe('rpt.gen.transactions.R-1001');
    const long = reportScheduleName(`gen.sales-by-product.${'C'.repeat(60)}`);
    expect(long).toMatch(/^rpt\.h\.[0-9a-f]{48}$/);
    expect(reportScheduleName(`gen.sales-by-product.${'C'.repeat(60)}`)).toBe(long);
    expect(reportScheduleName('gen.orders.R:1')).toMatch(/^rpt\.h\./);
  });
});
