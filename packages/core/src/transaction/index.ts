export * from './transaction.ts';
export * from './errors.ts';
