// The auth domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { getIdentityLink, putIdentityLink } from './identity-link-entity.ts';
export { resetMfa } from './mfa/account-mfa-entity.ts';
export { resetSecondFactors } from './second-factor-reset.ts';
export { type AccountMfa } from './mfa/mfa-service.ts';
export { passwordProblems } from './password-policy.ts';
export { getSessionAndAccount, type SessionRecord } from './session-entity.ts';
export { hashToken, type SessionStore } from './sessions.ts';
export { isStrongSession } from './strong-session.ts';
