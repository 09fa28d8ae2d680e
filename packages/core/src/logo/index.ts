export * from './logo.ts';
export * from './errors.ts';
