// The part of the EventBridge Scheduler SDK the AWS adapter uses, imported with import() on first use. A
// module of its own so the bundler keeps only these: import('@aws-sdk/client-scheduler') keeps every command.
export {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
