export * from './workflow.ts';
export * from './request.ts';
export * from './errors.ts';
export * from './request-upload.ts';
