import { REPORT, type ReportSchedule, type ReportScheduleUpdate, sendTimeGapProblem } from '@portal/core/report';
import { SERVER } from '@portal/core/shared';
import type { Actor } from '../access/index.ts';
import { auditReportChange } from './report-audit.ts';
import { AppError } from '../errors.ts';
import { putSchedule, schedulesAndStats } from './report-entity.ts';
import { defaultSchedule, mirrorSchedule } from './schedule-service.ts';
import { type ReportContext } from './report-access.ts';

/** A report's schedule (ADR 040), mirrored to the Scheduler. */
export function reportScheduling(ctx: ReportContext) {
  const { db, now, scheduler, requireBit, reportOf } = ctx;
  return {
    async getSchedule(actor: Actor, processId: string): Promise<ReportSchedule> {
      requireBit(actor, 'reports');
      await reportOf(actor, processId);
      const { schedule } = (await schedulesAndStats(db, [processId])).get(processId)!;
      return schedule ?? defaultSchedule(processId, actor.timezone);
    },

    /** PUT /flow/report-scheduling/:processId: mirrored to the Scheduler (on: put, off: removed), then stored. */
    async saveSchedule(actor: Actor, processId: string, update: ReportScheduleUpdate): Promise<ReportSchedule> {
      requireBit(actor, 'schedule');
      const { definition } = await reportOf(actor, processId);
      const gap = sendTimeGapProblem(update, now());
      if (gap) {
        const message = `${update.sendTime} does not exist on ${gap} in ${update.timeZone} (daylight saving time): choose another send time.`;
        throw new AppError('input', REPORT.SCHEDULE_INVALID, message, { issues: [{ path: 'sendTime', message }] });
      }
      const schedule: ReportSchedule = { ...update, processId };
      // A process without a Scheduler (tests, tools) has no schedules to remove; turning one on needs it.
      if (scheduler) await mirrorSchedule(scheduler, schedule);
      else if (schedule.enabled)
        throw new AppError('unavailable', SERVER.UNAVAILABLE, 'Scheduling is not available right now. Please try again later.');
      await putSchedule(db, { ...schedule, customerId: definition.customerId, updatedAt: now().toISOString() });
      await auditReportChange(ctx, actor, 'report.schedule_changed', { report: definition.name, enabled: schedule.enabled });
      return schedule;
    },
  };
}
