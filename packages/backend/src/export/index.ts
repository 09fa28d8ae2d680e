// The export domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { getExportJob, putExportJob, queuedJob } from './export-job-entity.ts';
export { ExportJobEvent } from './export-job-event.ts';
export { AUDIT_COLUMNS, auditSource } from './audit-source.ts';
export { type ExportContext } from './export-source.ts';
export { exportsFromConfig } from './exports-from-config.ts';
export { SALES_COLUMNS, salesSource } from './sales-source.ts';
export { TRANSACTION_COLUMNS, transactionSource } from './transaction-source.ts';
