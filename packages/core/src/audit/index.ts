export * from './audit.ts';
export * from './audit-details.ts';
