export * from './basket.ts';
export * from './errors.ts';
export * from './ordering.ts';
export * from './retailers.ts';
