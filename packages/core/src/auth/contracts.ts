import * as z from '../shared/zod.ts';
import { MAX_LENGTH } from '../shared/constants.ts';
import { Currency, ServiceMessage } from '../shared/contracts.ts';
import { withFieldCode } from '../shared/field-messages.ts';
import { Messages } from '../shared/messages.ts';

/** Wire contracts of sign-in and the session (SPEC 3 Session, SPEC 4, SPEC 8). */

/** Multi-factor states of a login result (SPEC 4). */
export const MfaState = { mustBeSetUp: 10, firstStepPassed: 20 } as const;

export const SignInInput = z.object({
  username: z.string().check(
    z.trim(),
    z.refine((value) => value !== '', withFieldCode(Messages.required)),
    z.maxLength(MAX_LENGTH.username),
  ),
  // Not trimmed (spaces are part of a password), but whitespace-only counts as empty (SPEC 5).
  password: z.string().check(
    z.maxLength(MAX_LENGTH.password),
    z.refine((value) => value.trim() !== '', withFieldCode(Messages.required)),
  ),
  secretCode: z.optional(
    z.string().check(
      z.refine((value) => /^\d*$/.test(value), withFieldCode(Messages.numeric)),
      z.maxLength(20),
    ),
  ),
});
export type SignInInput = z.infer<typeof SignInInput>;

/** Login result (SPEC 3): response.success, username, securityFlag, passwordExpired. */
export const LoginResult = z.object({
  response: z.object({
    success: z.boolean(),
    /** Present when a multi-factor step is still due: MfaState.mustBeSetUp or MfaState.firstStepPassed. */
    mfa: z.optional(z.union([z.literal(10), z.literal(20)])),
    /** With mfa 20: the account's second factor, so the code step offers 'Send OTP code' only for e-mail. */
    mfaMethod: z.optional(z.enum(['app', 'email'])),
    /** At the second step: the account has a passkey, which may answer instead of the code (ADR 112). */
    passkey: z.optional(z.boolean()),
    message: z.optional(z.string()),
  }),
  username: z.string(),
  securityFlag: z.number().check(z.int()),
  passwordExpired: z.boolean(),
});
export type LoginResult = z.infer<typeof LoginResult>;

const flagRecord = z.record(z.string(), z.boolean());

/** Decoded flags as the session carries them (see flags.ts for the maps). */
export const DecodedAccessSchema = z.object({
  security: flagRecord,
  strongAuthentication: z.boolean(),
  permissions: flagRecord,
  settings: flagRecord,
  modules: z.record(z.string(), z.object({ permissions: flagRecord, settings: flagRecord })),
});

export const SessionUser = z.object({
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  surname: z.string(),
  securityFlag: z.number().check(z.int()),
  brandingUrl: z.string(),
  locale: z.string(),
  timezone: z.string(),
  currencyObj: Currency,
  ftpUploadDir: z.nullable(z.string()),
  documentDirname: z.nullable(z.string()),
  fileSettings: z.record(z.string(), z.unknown()),
  permissions: flagRecord,
  settings: flagRecord,
  modules: DecodedAccessSchema.shape.modules,
  strongAuthentication: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const MfaMethod = z.enum(['none', 'app', 'email']);
export type MfaMethod = z.infer<typeof MfaMethod>;

/** GET auth/status (SPEC 3 Session, SPEC 7). */
export const SessionStatus = z.object({
  loggedIn: z.boolean(),
  passwordExpired: z.boolean(),
  mayChangePassword: z.boolean(),
  passwordExpiry: z.nullable(z.string()),
  mfaStatus: MfaMethod,
  /** The MFA activation notice was dismissed for good (kept per user on the server). */
  mfaNoticeDismissed: z.optional(z.boolean()),
  /** MFA is required and not set up yet: until it is, the API answers only My Account and MFA set-up. */
  mfaSetupRequired: z.optional(z.boolean()),
  /** How this session was signed in: Microsoft single sign-on and a passkey count as multi-factor (ADR 009, 098). */
  signInMethod: z.optional(z.enum(['password', 'sso', 'passkey'])),
  /**
   * Present while the session's sign-in still counts as re-authentication (ADR 055): until then a
   * security change needs no password prompt.
   */
  reauthUntil: z.optional(z.string()),
  /** Unused recovery codes left, when MFA is active. */
  recoveryCodesLeft: z.optional(z.number().check(z.int())),
  lastLogin: z.nullable(z.object({ at: z.string(), ip: z.optional(z.string()) })),
  /** The version of the brand's terms of use to accept before the portal answers (ADR 086); absent: nothing to accept. */
  termsOfUsePending: z.optional(z.number().check(z.int())),
  user: z.nullable(SessionUser),
  serviceMessages: z.array(ServiceMessage),
});
export type SessionStatus = z.infer<typeof SessionStatus>;

/** The status of a caller without a session. */
export const LOGGED_OUT_STATUS: Readonly<SessionStatus> = Object.freeze({
  loggedIn: false,
  passwordExpired: false,
  mayChangePassword: false,
  passwordExpiry: null,
  mfaStatus: 'none',
  lastLogin: null,
  user: null,
  serviceMessages: [],
});
