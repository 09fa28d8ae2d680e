import { createHash } from 'node:crypto';
import { REPORTING_DAYS } from '@portal/core/shared';
import { type ReportSchedule, reportScheduleExpression } from '@portal/core/report';
import { reportSchedulePayload } from '../platform/scheduler/dispatch.ts';
import type { ScheduleRetryPolicy, SchedulerPort, ScheduleSpec } from '../platform/scheduler/port.ts';

/**
 * The report's schedule at EventBridge Scheduler (ADR 005 port; ADR 040): one schedule per processId,
 * fired in the report's time zone at its send time, with the payload the runner dispatches on
 * (`{ kind: 'report', processId, scheduledFor: <scheduled time> }`). A schedule that is off, and a
 * deleted report, have none at the Scheduler. The table's SCHEDULE item is what the runner trusts: the
 * mirror is written first, the item second, and a fire whose item is missing or off does nothing.
 */

/** A failed run is retried 3 times within an hour of its scheduled time, then dead-lettered (SCHEDULER_DLQ_ARN). */
export const REPORT_SCHEDULE_RETRY: ScheduleRetryPolicy = { maximumAttempts: 3, maximumEventAgeSeconds: 3600 };

/**
 * The schedule's name (AWS: 1-64 of [0-9a-zA-Z-_.]): `rpt.<processId>` when that fits, else a hash of
 * the processId (general reports of long customer ids), so one report always maps to one schedule.
 */
export function reportScheduleName(processId: string): string {
  const readable = `rpt.${processId}`;
  if (/^[0-9a-zA-Z\-_.]{1,64}$/.test(readable)) return readable;
  return `rpt.h.${createHash('sha256').update(processId).digest('hex').slice(0, 48)}`;
}

/** What a report without a saved schedule shows: off, daily on every day at 06:00 in the user's zone. */
export function defaultSchedule(processId: string, timeZone: string): ReportSchedule {
  return {
    processId,
    enabled: false,
    periodType: 'daily',
    reportingDays: [...REPORTING_DAYS],
    endOfMonth: false,
    sendTime: '06:00',
    timeZone,
    sendByEmail: true,
    copyByFtp: false,
    skipIfEmpty: false,
  };
}

export const scheduleSpecOf = (schedule: ReportSchedule): ScheduleSpec => ({
  name: reportScheduleName(schedule.processId),
  expression: reportScheduleExpression(schedule),
  timeZone: schedule.timeZone,
  payload: reportSchedulePayload(schedule.processId),
  state: 'ENABLED',
  retry: REPORT_SCHEDULE_RETRY,
});

/** Puts (enabled) or removes (off) the report's schedule at the Scheduler. */
export async function mirrorSchedule(scheduler: SchedulerPort, schedule: ReportSchedule): Promise<void> {
  if (schedule.enabled) await scheduler.put(scheduleSpecOf(schedule));
  else await scheduler.remove(reportScheduleName(schedule.processId));
}

export const removeSchedule = (scheduler: SchedulerPort, processId: string) => scheduler.remove(reportScheduleName(processId));
