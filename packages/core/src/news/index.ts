export * from './news.ts';
export * from './unread.ts';
export * from './errors.ts';
