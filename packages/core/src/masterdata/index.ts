export * from './master-data.ts';
