// What tests outside the auth domain use of it and no other code does (ADR 060): items to set up or read back, limits to assert on.
// Only test files may import it (eslint.config.js); everything else goes through index.ts.
export { activateMfa, setPendingEmailCode } from './mfa/account-mfa-entity.ts';
export { createSecretBox } from './mfa/create-secret-box.ts';
export { FORGOT_ANSWER_FLOOR_MS } from './password-service.ts';
export { putSession } from './session-entity.ts';
