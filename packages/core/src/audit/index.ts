export * from './audit.ts';
export * from './retention.ts';
