export * from './coupon-lifecycle.ts';
export * from './couponing.ts';
