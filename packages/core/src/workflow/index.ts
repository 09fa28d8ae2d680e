export * from './workflow.ts';
export * from './errors.ts';
