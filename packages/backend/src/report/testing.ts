// What tests outside the report domain use of it and no other code does (ADR 060): items to set up or read back, limits to assert on.
// Only test files may import it (eslint.config.js); everything else goes through index.ts.
export { deliverReportJob, DELIVERY_LEASE_MS, type ReportDeliveryDeps } from './delivery/deliver-report-job.ts';
export { createDelivery, deliveryWrites, getDelivery, listDeliveries, mailMessageKey } from './delivery/delivery-entity.ts';
export { DeliveryIncompleteError } from './delivery/delivery-errors.ts';
export { reportDeliveryDeps } from './delivery/delivery-service.ts';
export { takeMailBudget } from './delivery/mail-budget-entity.ts';
export { findRecipient, listMailingList, unsubscribeRecipient } from './recipient-service.ts';
export { countReportRun, getReportSchedule, loadReportDefinition, newContactWrites, putSchedule } from './report-entity.ts';
export { freshJobState, newReportJobPut, reportFileId, reportJobWrites, retentionEnd } from './report-job-entity.ts';
export type { StoredReportFile, StoredReportJob } from './report-job-entity.ts';
export { reportScheduleName } from './schedule-service.ts';
