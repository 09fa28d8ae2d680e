import type { CreateScheduleCommandInput, GetScheduleCommandOutput, SchedulerClient } from '@aws-sdk/client-scheduler';
import { lazy } from '../lazy.ts';
import { ScheduleName, ScheduleSpec, type SchedulerPort } from './port.ts';

/** The SDK is loaded with the first schedule call (report schedules only, not at the API's cold start). */
const sdk = lazy(() => import('./scheduler-sdk.ts'));

export interface AwsSchedulerOptions {
  /** A ready client (tests, custom endpoint); otherwise one is made on first use for `region`. */
  client?: SchedulerClient;
  region?: string;
  /** Schedule group holding the application's schedules (SCHEDULE_GROUP_NAME). */
  groupName: string;
  /** ARN of the runner Lambda every schedule invokes (REPORT_RUNNER_ARN). */
  targetArn: string;
  /** Role EventBridge Scheduler assumes to invoke the target (SCHEDULER_ROLE_ARN). */
  roleArn: string;
  /** SQS queue receiving events whose delivery failed after all retries (SCHEDULER_DLQ_ARN). */
  deadLetterArn: string;
}

const isAwsError = (error: unknown, type: { new (...args: never[]): Error }, name: string): boolean =>
  error instanceof type || (error instanceof Error && error.name === name);

/** SchedulerPort over EventBridge Scheduler. */
export class AwsScheduler implements SchedulerPort {
  private readonly client: () => Promise<SchedulerClient>;

  constructor(private readonly options: AwsSchedulerOptions) {
    const { client, region } = options;
    this.client = lazy(async () => client ?? new (await sdk()).SchedulerClient(region ? { region } : {}));
  }

  async put(spec: ScheduleSpec): Promise<void> {
    const input = this.toInput(ScheduleSpec.parse(spec));
    const [client, { ConflictException, CreateScheduleCommand, UpdateScheduleCommand }] = await Promise.all([this.client(), sdk()]);
    try {
      await client.send(new CreateScheduleCommand(input));
    } catch (error) {
      if (!isAwsError(error, ConflictException, 'ConflictException')) throw error;
      // The schedule exists: UpdateSchedule replaces its whole definition with the same input.
      await client.send(new UpdateScheduleCommand(input));
    }
  }

  async remove(name: string): Promise<void> {
    ScheduleName.parse(name);
    const [client, { DeleteScheduleCommand, ResourceNotFoundException }] = await Promise.all([this.client(), sdk()]);
    try {
      await client.send(new DeleteScheduleCommand({ Name: name, GroupName: this.options.groupName }));
    } catch (error) {
      if (!isAwsError(error, ResourceNotFoundException, 'ResourceNotFoundException')) throw error;
    }
  }

  async get(name: string): Promise<ScheduleSpec | null> {
    ScheduleName.parse(name);
    const [client, { GetScheduleCommand, ResourceNotFoundException }] = await Promise.all([this.client(), sdk()]);
    let output: GetScheduleCommandOutput;
    try {
      output = await client.send(new GetScheduleCommand({ Name: name, GroupName: this.options.groupName }));
    } catch (error) {
      if (isAwsError(error, ResourceNotFoundException, 'ResourceNotFoundException')) return null;
      throw error;
    }
    return fromOutput(name, output);
  }

  private toInput(spec: ScheduleSpec): CreateScheduleCommandInput {
    return {
      Name: spec.name,
      GroupName: this.options.groupName,
      ScheduleExpression: spec.expression,
      ScheduleExpressionTimezone: spec.timeZone,
      StartDate: spec.startDate,
      EndDate: spec.endDate,
      State: spec.state,
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: {
        Arn: this.options.targetArn,
        RoleArn: this.options.roleArn,
        Input: JSON.stringify(spec.payload),
        RetryPolicy: {
          MaximumRetryAttempts: spec.retry.maximumAttempts,
          MaximumEventAgeInSeconds: spec.retry.maximumEventAgeSeconds,
        },
        DeadLetterConfig: { Arn: this.options.deadLetterArn },
      },
    };
  }
}

/** Maps GetSchedule back to a spec; absent fields take the AWS defaults. */
function fromOutput(name: string, output: GetScheduleCommandOutput): ScheduleSpec {
  const input = output.Target?.Input;
  return ScheduleSpec.parse({
    name: output.Name ?? name,
    expression: output.ScheduleExpression,
    timeZone: output.ScheduleExpressionTimezone ?? 'UTC',
    payload: input ? JSON.parse(input) : {},
    state: output.State ?? 'ENABLED',
    retry: {
      maximumAttempts: output.Target?.RetryPolicy?.MaximumRetryAttempts ?? 185,
      maximumEventAgeSeconds: output.Target?.RetryPolicy?.MaximumEventAgeInSeconds ?? 86_400,
    },
    startDate: output.StartDate,
    endDate: output.EndDate,
  });
}

export function createAwsScheduler(options: AwsSchedulerOptions): AwsScheduler {
  return new AwsScheduler(options);
}
