export * from './export.ts';
export * from './export-labels.ts';
