// The report domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { type MailEventDeps, recordMailEvent } from './delivery/mail-events.ts';
export { portalUsersOf } from './recipient-service.ts';
export { importReport, ReportImport } from './report-import.ts';
export { getReportJob, putNewReportJob } from './report-job-entity.ts';
export { REPORT_METRICS_NAMESPACE, reportDeliveryFromConfig, reportJobsFromConfig, type ReportLaunch } from './report-jobs-from-config.ts';
export {
  dayBucketKey,
  type KeyLayout,
  ledgerKey,
  type PartPlan,
  type PlanWindow,
  planReportParts,
  REPORT_PARTS_AT_ONCE,
  REPORT_READ_PROFILE,
  REPORT_RUNNER_CONCURRENCY,
} from './report-part-plan.ts';
export { REPORT_PART_ROWS } from './report-runner.ts';
export { REPORT_SLOTS_SWEEP_MINUTES } from './report-slot-entity.ts';
// The delivery as a queue's consumer runs it (the month-end rush, ADR 094).
export { deliverReportJob } from './delivery/deliver-report-job.ts';
export { DeliveryIncompleteError } from './delivery/delivery-errors.ts';
export { reportDeliveryDeps } from './delivery/delivery-service.ts';
export { REPORT_MAIL_SENDERS, SES_DEFAULT_SEND_RATE } from './delivery/send-pacer.ts';
export { parseReportDeliveryMessage, reportDeliveryMessage } from './delivery/delivery-queue.ts';
