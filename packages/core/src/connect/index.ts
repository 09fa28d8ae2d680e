export * from './master-data.ts';
export * from './transaction.ts';
export * from './export.ts';
