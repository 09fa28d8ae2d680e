export * from './coupon-lifecycle.ts';
export * from './couponing.ts';
export * from './errors.ts';
