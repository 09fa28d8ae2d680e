export * from './basket.ts';
export * from './ordering.ts';
