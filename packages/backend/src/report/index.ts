// The report domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { deliverReportJob, DELIVERY_LEASE_MS, type ReportDeliveryDeps } from './delivery/deliver-report-job.ts';
export { createDelivery, deliveryWrites, getDelivery, listDeliveries, mailMessageKey } from './delivery/delivery-entity.ts';
export { DeliveryIncompleteError } from './delivery/delivery-errors.ts';
export { reportDeliveryDeps } from './delivery/delivery-service.ts';
export { takeMailBudget } from './delivery/mail-budget-entity.ts';
export { type MailEventDeps, recordMailEvent } from './delivery/mail-events.ts';
export { findRecipient, listMailingList, portalUsersOf, unsubscribeRecipient } from './recipient-service.ts';
export { countReportRun, getReportSchedule, loadReportDefinition, newContactWrites, putSchedule } from './report-entity.ts';
export { importReport, ReportImport } from './report-import.ts';
export { freshJobState, getReportJob, newReportJobPut, putNewReportJob, reportFileId, reportJobWrites, retentionEnd, type StoredReportFile, type StoredReportJob } from './report-job-entity.ts';
export { reportJobsFromConfig, type ReportLaunch } from './report-jobs-from-config.ts';
export { reportScheduleName } from './schedule-service.ts';
