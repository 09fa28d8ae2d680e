// The platform/security/ toolkit's face (ADR 060): what other workspaces import from it.
export { createRateLimiter } from './rate-limiter.ts';
