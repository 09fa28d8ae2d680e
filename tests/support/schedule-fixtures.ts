import type { ReportScheduleUpdate } from '@portal/core/report';

/**
 * A schedule as PUT /api/flow/report-scheduling/:processId takes it: off, daily on Mondays at 06:00 Berlin
 * time, by mail only; `fields` change any part. Free of server imports, so the web's tests use it too.
 */
export const scheduleBody = (fields: Partial<ReportScheduleUpdate> = {}): ReportScheduleUpdate => ({
  enabled: false,
  periodType: 'daily',
  reportingDays: ['monday'],
  endOfMonth: false,
  sendTime: '06:00',
  timeZone: 'Europe/Berlin',
  sendByEmail: true,
  copyByFtp: false,
  skipIfEmpty: false,
  ...fields,
});
