export * from './sales.ts';
export * from './connect-sales.ts';
