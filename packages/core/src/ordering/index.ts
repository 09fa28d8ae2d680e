export * from './basket.ts';
export * from './errors.ts';
export * from './ordering.ts';
