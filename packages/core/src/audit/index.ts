export * from './audit.ts';
export * from './audit-details.ts';
export * from './retention.ts';
