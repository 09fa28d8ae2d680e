import { ReportScheduleUpdate, type ReportSchedule } from '@portal/core/report';
import { REPORTING_DAYS, type ReportingDay } from '@portal/core/shared';
import { issuesByField } from './report-draft.ts';

/**
 * A report's schedule as the form holds it (ADR 044): the contract's fields, day toggles in
 * Monday–Sunday order. A daily schedule needs a reporting day; a monthly one runs on the 1st.
 */
export type ScheduleDraft = Omit<ReportSchedule, 'processId'>;

export const scheduleDraftOf = ({ processId: _processId, ...rest }: ReportSchedule): ScheduleDraft => ({
  ...rest,
  reportingDays: REPORTING_DAYS.filter((day) => rest.reportingDays.includes(day)),
});

export function withDay(draft: ScheduleDraft, day: ReportingDay, on: boolean): ScheduleDraft {
  const days = new Set(draft.reportingDays);
  if (on) days.add(day);
  else days.delete(day);
  return { ...draft, reportingDays: REPORTING_DAYS.filter((d) => days.has(d)) };
}

/** Monthly schedules keep their day toggles (ignored by the server) so switching back loses nothing. */
export function scheduleProblems(draft: ScheduleDraft): Record<string, string> {
  const parsed = ReportScheduleUpdate.safeParse(draft);
  return parsed.success ? {} : issuesByField(parsed.error.issues);
}
