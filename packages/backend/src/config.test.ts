import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { EXPORT_ROWS_PER_FILE } from '@portal/core/export';
import { ConfigError, loadConfig, MAX_ROWS_PER_FILE } from './config.ts';
import { schedulerFromConfig } from './platform/scheduler/index.ts';
import { REQUIRED_CONFIG_ENV } from '../../../tests/support/config-env.ts';

const base = { ...REQUIRED_CONFIG_ENV, APP_URL: 'http://localhost:3000' };

/** What infra/api.ts gives the API Lambda (infra/jobs.ts sets SCHEDULER_MODE on every Lambda). */
const awsApi = {
  SCHEDULER_MODE: 'aws',
  SCHEDULE_GROUP_NAME: 'prod-portal-reports',
  REPORT_RUNNER_ARN: 'arn:aws:lambda:eu-central-1:123456789012:function:prod-portal-ReportRunner',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/prod-portal-SchedulerRole',
  SCHEDULER_DLQ_ARN: 'arn:aws:sqs:eu-central-1:123456789012:prod-portal-SchedulerDlq',
};

describe('rows per export file (EXPORT_ROWS_PER_FILE)', () => {
  it('defaults to the XLSX-safe 1,000,000, takes a smaller whole number and refuses anything else, naming it', () => {
    expect(MAX_ROWS_PER_FILE).toBe(EXPORT_ROWS_PER_FILE);
    expect(loadConfig(base).EXPORT_ROWS_PER_FILE).toBe(1_000_000);
    expect(loadConfig({ ...base, EXPORT_ROWS_PER_FILE: '1000' }).EXPORT_ROWS_PER_FILE).toBe(1000);
    for (const bad of ['0', '-5', '2.5', 'many', '1000001']) {
      expect(() => loadConfig({ ...base, EXPORT_ROWS_PER_FILE: bad })).toThrow(/EXPORT_ROWS_PER_FILE/);
    }
  });
});

describe('scheduler configuration (ADR 005)', () => {
  it('defaults to local mode and manages no schedules without a file and a runner', () => {
    const config = loadConfig(base);
    expect(config.SCHEDULER_MODE).toBe('local');
    expect(schedulerFromConfig(config)).toBeNull();
    expect(schedulerFromConfig({ ...config, SCHEDULER_FILE: '/tmp/x.json' })).toBeNull();
  });

  it('refuses an unknown mode, a bad ARN and a part of the AWS settings, naming them', () => {
    expect(() => loadConfig({ ...base, SCHEDULER_MODE: 'cloud' })).toThrow(/SCHEDULER_MODE/);
    expect(() => loadConfig({ ...base, ...awsApi, REPORT_RUNNER_ARN: 'runner' })).toThrow(/REPORT_RUNNER_ARN: must be an ARN/);
    const { SCHEDULER_DLQ_ARN: _dlq, SCHEDULER_ROLE_ARN: _role, ...partial } = awsApi;
    expect(() => loadConfig({ ...base, ...partial })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...partial })).toThrow(/missing: SCHEDULER_ROLE_ARN, SCHEDULER_DLQ_ARN/);
  });

  it('builds the AWS adapter for the API and none for the runner Lambda (aws mode, no names)', async () => {
    const scheduler = schedulerFromConfig(loadConfig({ ...base, ...awsApi }));
    // The adapter loads on the first call (aws-from-config.ts) and then speaks to EventBridge Scheduler.
    const aws = mockClient(SchedulerClient);
    aws.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
    await scheduler!.put({
      name: 'report.P-42',
      expression: 'cron(30 6 ? * MON-FRI *)',
      timeZone: 'Europe/Berlin',
      payload: { kind: 'report', processId: 'P-42' },
      state: 'ENABLED',
      retry: { maximumAttempts: 3, maximumEventAgeSeconds: 3600 },
    });
    expect(aws.commandCalls(CreateScheduleCommand)[0]!.args[0].input).toMatchObject({
      Name: 'report.P-42',
      GroupName: awsApi.SCHEDULE_GROUP_NAME,
      Target: { Arn: awsApi.REPORT_RUNNER_ARN, RoleArn: awsApi.SCHEDULER_ROLE_ARN, DeadLetterConfig: { Arn: awsApi.SCHEDULER_DLQ_ARN } },
    });
    aws.restore();
    expect(schedulerFromConfig(loadConfig({ ...base, SCHEDULER_MODE: 'aws' }))).toBeNull();
  });

  it('builds the local adapter on SCHEDULER_FILE with the runner it is given', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'scheduler-config-')), 'schedules.json');
    const config = loadConfig({ ...base, SCHEDULER_MODE: 'local', SCHEDULER_FILE: file });
    const scheduler = schedulerFromConfig(config, async () => {})!;
    expect(scheduler).not.toBeNull();
    expect(await scheduler.get('none')).toBeNull();
    await scheduler.stop();
  });
});
