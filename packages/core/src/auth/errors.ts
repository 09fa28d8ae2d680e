import type { CodesOf } from '../shared/errors.ts';

/** The error catalogue of sign-in, sessions, accounts and their administration (see shared/errors.ts). */

/** Access to a route: a session, a pending account step, the portal, strong authentication. */
export const AUTH = {
  REQUIRED: 'AUTH.REQUIRED',
  STRONG_AUTHENTICATION_REQUIRED: 'AUTH.STRONG_AUTHENTICATION_REQUIRED',
  /** 403 while the password is expired (ADR 011): only status, My Account and sign-out answer. */
  PASSWORD_EXPIRED: 'AUTH.PASSWORD_EXPIRED',
  /** 403 while MFA must still be set up (ADR 017). */
  MFA_SETUP_REQUIRED: 'AUTH.MFA_SETUP_REQUIRED',
  /** 403 from a router that serves only the other portal (ADR 017). */
  WRONG_PORTAL: 'AUTH.WRONG_PORTAL',
} as const;

/** The sign-in failures: SPEC 8 names the first five, the last two are ours. */
export const LOGIN = {
  FORM: {
    ERROR: {
      WRONG_PASSWORD: 'LOGIN.FORM.ERROR.WRONG_PASSWORD',
      WRONG_URL: 'LOGIN.FORM.ERROR.WRONG_URL',
      ACCOUNT_LOCKED: 'LOGIN.FORM.ERROR.ACCOUNT_LOCKED',
      INVALID_CERTIFICATE: 'LOGIN.FORM.ERROR.INVALID_CERTIFICATE',
      INVALID_IP: 'LOGIN.FORM.ERROR.INVALID_IP',
      /** The second step's one-time or recovery code is wrong. */
      WRONG_CODE: 'LOGIN.FORM.ERROR.WRONG_CODE',
      /** The pending second step is gone (ADR 012): start again with the password. */
      MFA_EXPIRED: 'LOGIN.FORM.ERROR.MFA_EXPIRED',
    },
  },
} as const;

/** A module permission the actor lacks. */
export const PERMISSION = { DENIED: 'PERMISSION.DENIED' } as const;

export const MFA = {
  NO_PENDING_SECRET: 'MFA.NO_PENDING_SECRET',
  WRONG_CODE: 'MFA.WRONG_CODE',
  SETUP_CHANGED: 'MFA.SETUP_CHANGED',
  TOO_MANY_CODES: 'MFA.TOO_MANY_CODES',
  NOT_ACTIVE: 'MFA.NOT_ACTIVE',
  EMAIL_NOT_ENABLED: 'MFA.EMAIL_NOT_ENABLED',
} as const;

export const PASSWORD = {
  TOO_WEAK: 'PASSWORD.TOO_WEAK',
  RESET_LINK_INVALID: 'PASSWORD.RESET_LINK_INVALID',
  CURRENT_MISMATCH: 'PASSWORD.CURRENT_MISMATCH',
  ALREADY_USED: 'PASSWORD.ALREADY_USED',
  CHANGE_FAILED: 'PASSWORD.CHANGE_FAILED',
} as const;

/** Single sign-on, besides the sign-in codes (LOGIN) it shares. */
export const SSO = {
  NOT_CONFIGURED: 'SSO.NOT_CONFIGURED',
  CALLBACK_INVALID: 'SSO.CALLBACK_INVALID',
  PORTAL_MISMATCH: 'SSO.PORTAL_MISMATCH',
  STATE_INVALID: 'SSO.STATE_INVALID',
  FAILED: 'SSO.FAILED',
  NOT_LINKED: 'SSO.NOT_LINKED',
} as const;

/** Passkeys (WebAuthn, ADR 098). */
export const PASSKEY = {
  CHALLENGE_INVALID: 'PASSKEY.CHALLENGE_INVALID',
  NOT_VERIFIED: 'PASSKEY.NOT_VERIFIED',
  NOT_FOUND: 'PASSKEY.NOT_FOUND',
  ALREADY_REGISTERED: 'PASSKEY.ALREADY_REGISTERED',
  LAST_WAY_TO_SIGN_IN: 'PASSKEY.LAST_WAY_TO_SIGN_IN',
  TOO_MANY: 'PASSKEY.TOO_MANY',
} as const;

/** My Account. */
export const ACCOUNT = {
  NOT_FOUND: 'ACCOUNT.NOT_FOUND',
  PASSWORD_REQUIRED: 'ACCOUNT.PASSWORD_REQUIRED',
  PASSWORD_MISMATCH: 'ACCOUNT.PASSWORD_MISMATCH',
  NO_EMAIL_CHANGE: 'ACCOUNT.NO_EMAIL_CHANGE',
  LOCALE_UNSUPPORTED: 'ACCOUNT.LOCALE_UNSUPPORTED',
  EMAIL_LINK_INVALID: 'ACCOUNT.EMAIL_LINK_INVALID',
} as const;

/** The administration of accounts and customers (scripts/admin.ts). */
export const ADMIN = {
  INVALID_INPUT: 'ADMIN.INVALID_INPUT',
  INVALID_FLAGS: 'ADMIN.INVALID_FLAGS',
  UNKNOWN_FLAG: 'ADMIN.UNKNOWN_FLAG',
  BAD_CURSOR: 'ADMIN.BAD_CURSOR',
  ACTOR_REQUIRED: 'ADMIN.ACTOR_REQUIRED',
  NOTHING_TO_CHANGE: 'ADMIN.NOTHING_TO_CHANGE',
  ACCOUNT_NOT_FOUND: 'ADMIN.ACCOUNT_NOT_FOUND',
  CUSTOMER_NOT_FOUND: 'ADMIN.CUSTOMER_NOT_FOUND',
  USERNAME_TAKEN: 'ADMIN.USERNAME_TAKEN',
  CUSTOMER_EXISTS: 'ADMIN.CUSTOMER_EXISTS',
  CONCURRENT_CHANGE: 'ADMIN.CONCURRENT_CHANGE',
  PASSWORD_CHANGE_NOT_ALLOWED: 'ADMIN.PASSWORD_CHANGE_NOT_ALLOWED',
} as const;

/** The customer's own administrator and its Users section (ADR 113). */
export const TEAM = {
  /** No such member or invitation on the admin's team (another customer's answers alike): 404. */
  NOT_FOUND: 'TEAM.NOT_FOUND',
  /** A permission the admin does not hold itself, or a module of another portal: 403, `issues` name each. */
  ESCALATION: 'TEAM.ESCALATION',
  /** A customer the admin may not place members in (unknown or another customer's answer alike): 400 on `customerId`. */
  SCOPE_UNKNOWN: 'TEAM.SCOPE_UNKNOWN',
  /**
   * The admin's own account: it does not change its own access, deactivate or reset itself here (409). So the
   * acting admin always stays one, and a customer is never left without an administrator by this section.
   */
  SELF_CHANGE: 'TEAM.SELF_CHANGE',
  /** The brand's cap on accounts per customer is reached (409). */
  USER_CAP_REACHED: 'TEAM.USER_CAP_REACHED',
  /** An account with this e-mail address is on the team already (409). */
  ALREADY_MEMBER: 'TEAM.ALREADY_MEMBER',
  /** A pending invitation for this e-mail address exists (409): resend or withdraw it. */
  ALREADY_INVITED: 'TEAM.ALREADY_INVITED',
  /** The account or invitation changed meanwhile (409): reload. */
  STALE: 'TEAM.STALE',
  /** The invitation link is unknown, used, withdrawn or expired (all alike): 400. */
  INVITATION_INVALID: 'TEAM.INVITATION_INVALID',
  /** The username the invitee chose is taken (409 on `username`). */
  USERNAME_TAKEN: 'TEAM.USERNAME_TAKEN',
} as const;

export type AuthErrorCode = CodesOf<
  | typeof AUTH
  | typeof LOGIN
  | typeof PERMISSION
  | typeof MFA
  | typeof PASSWORD
  | typeof SSO
  | typeof PASSKEY
  | typeof ACCOUNT
  | typeof ADMIN
  | typeof TEAM
>;
