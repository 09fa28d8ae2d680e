export * from './documents.ts';
export * from './errors.ts';
