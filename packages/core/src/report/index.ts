export * from './report.ts';
export * from './errors.ts';
