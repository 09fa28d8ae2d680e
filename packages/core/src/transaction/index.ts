export * from './transaction.ts';
export * from './errors.ts';
export * from './import-files.ts';
