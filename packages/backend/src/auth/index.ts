// The auth domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { putIdentityLink } from './identity-link-entity.ts';
export { activateMfa, resetMfa, setPendingEmailCode } from './mfa/account-mfa-entity.ts';
export { createSecretBox } from './mfa/create-secret-box.ts';
export { type AccountMfa } from './mfa/mfa-service.ts';
export { passwordProblems } from './password-policy.ts';
export { FORGOT_ANSWER_FLOOR_MS } from './password-service.ts';
export { getSessionAndAccount, putSession, type SessionRecord } from './session-entity.ts';
export { hashToken, type SessionStore } from './sessions.ts';
export { isStrongSession } from './strong-session.ts';
