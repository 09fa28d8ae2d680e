export * from './workflow.ts';
export * from './errors.ts';
export * from './upload.ts';
