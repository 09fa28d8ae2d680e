export * from './product.ts';
export * from './allocation.ts';
