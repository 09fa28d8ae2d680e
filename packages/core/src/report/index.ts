export * from './report.ts';
export * from './errors.ts';
export * from './period.ts';
export * from './general-reports.ts';
export * from './report-job.ts';
export * from './delivery.ts';
export * from './limits.ts';
