/**
 * The sign-in half of the data layer (ADR 125): what only a login card runs (the login attempts, the form's
 * rules, the MFA code step, Microsoft sign-in). A chunk of its own, loaded by data-bridge.ts's
 * `startSignInLayer` when a login card is shown (at the visitor's first input in the built app): a signed-in
 * deep link never downloads it. It needs the data layer (the API client, the session), loaded alongside.
 */
export { attemptLogin, attemptPasskeyLogin } from '../features/auth/model/login-attempt.ts';
export { loginFailure, loginFormErrors } from '../features/auth/model/login-form.ts';
export { startSso } from '../features/auth/api/sso.ts';
export { MfaCodeStep } from '../features/auth/components/mfa-code-step.tsx';
