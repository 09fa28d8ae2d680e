export * from './sales.ts';
