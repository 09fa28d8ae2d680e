export * from './master-data.ts';
export * from './transaction.ts';
export * from './errors.ts';
export * from './export.ts';
export * from './product.ts';
export * from './sales.ts';
export * from './export-labels.ts';
