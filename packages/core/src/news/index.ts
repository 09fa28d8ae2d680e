export * from './news.ts';
export * from './errors.ts';
