import { z } from 'zod';
import { MAX_LENGTH } from './constants.ts';

/**
 * Wire contracts shared by the API and the web app. The server builds these shapes, the web parses
 * them; a renamed field breaks both builds.
 */

/** Every /api request names the portal it is made from (SPEC 7). */
export const PORTAL_HEADER = 'X-Portal';
export const PORTALS = ['ordering', 'connect'] as const;
export type Portal = (typeof PORTALS)[number];
export const isPortal = (value: unknown): value is Portal => PORTALS.includes(value as Portal);

/** Anti-script-inclusion prefix put before every JSON body; the web client strips it. */
export const XSSI_PREFIX = ")]}',\n";

/** The one error body (ARCHITECTURE convention 2). */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Multi-factor states of a login result (SPEC 4). */
export const MfaState = { mustBeSetUp: 10, firstStepPassed: 20 } as const;

/** The login failure codes of SPEC 8. */
export const LoginErrorCode = {
  wrongPassword: 'LOGIN.FORM.ERROR.WRONG_PASSWORD',
  wrongUrl: 'LOGIN.FORM.ERROR.WRONG_URL',
  accountLocked: 'LOGIN.FORM.ERROR.ACCOUNT_LOCKED',
  invalidCertificate: 'LOGIN.FORM.ERROR.INVALID_CERTIFICATE',
  invalidIp: 'LOGIN.FORM.ERROR.INVALID_IP',
} as const;

export const SignInInput = z.object({
  username: z.string().trim().min(1, 'Value is required').max(MAX_LENGTH.username),
  // Not trimmed (spaces are part of a password), but whitespace-only counts as empty (SPEC 5).
  password: z
    .string()
    .max(MAX_LENGTH.password)
    .refine((value) => value.trim() !== '', 'Value is required'),
  secretCode: z.string().regex(/^\d*$/, 'Value must be numeric').max(20).optional(),
});
export type SignInInput = z.infer<typeof SignInInput>;

/** Login result (SPEC 3): response.success, username, securityFlag, passwordExpired. */
export const LoginResult = z.object({
  response: z.object({
    success: z.boolean(),
    /** Present when a multi-factor step is still due: MfaState.mustBeSetUp or MfaState.firstStepPassed. */
    mfa: z.union([z.literal(10), z.literal(20)]).optional(),
    /** With mfa 20: the account's second factor, so the code step offers 'Send OTP code' only for e-mail. */
    mfaMethod: z.enum(['app', 'email']).optional(),
    message: z.string().optional(),
  }),
  username: z.string(),
  securityFlag: z.number().int(),
  passwordExpired: z.boolean(),
});
export type LoginResult = z.infer<typeof LoginResult>;

export const Currency = z.object({
  id: z.number().int(),
  name: z.string(),
  numericCode: z.string(),
  isoCode: z.string(),
  symbol: z.string(),
  decimals: z.number().int().default(2),
});
export type Currency = z.infer<typeof Currency>;

export const ServiceMessage = z.object({
  type: z.enum(['info', 'warning', 'error']),
  title: z.string(),
  message: z.string(),
  unread: z.boolean(),
});
export type ServiceMessage = z.infer<typeof ServiceMessage>;

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
  securityFlag: z.number().int(),
  brandingUrl: z.string(),
  locale: z.string(),
  timezone: z.string(),
  currencyObj: Currency,
  ftpUploadDir: z.string().nullable(),
  documentDirname: z.string().nullable(),
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
  passwordExpiry: z.string().nullable(),
  mfaStatus: MfaMethod,
  /** The MFA activation notice was dismissed for good (kept per user on the server). */
  mfaNoticeDismissed: z.boolean().optional(),
  /** MFA is required and not set up yet: until it is, the API answers only My Account and MFA set-up. */
  mfaSetupRequired: z.boolean().optional(),
  /** How this session was signed in: Microsoft single sign-on counts as multi-factor (ADR 009). */
  signInMethod: z.enum(['password', 'sso']).optional(),
  /** Unused recovery codes left, when MFA is active. */
  recoveryCodesLeft: z.number().int().optional(),
  lastLogin: z.object({ at: z.string(), ip: z.string().optional() }).nullable(),
  user: SessionUser.nullable(),
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

export const FooterLink = z.union([
  z.object({ name: z.string(), path: z.string() }),
  z.object({ name: z.string(), href: z.string().url() }),
]);
export type FooterLink = z.infer<typeof FooterLink>;

/** Brand settings keyed by host (SPEC 3). */
export const BrandSettings = z.object({
  id: z.string(),
  name: z.string(),
  layout: z.string(),
  footerLinks: z.array(FooterLink),
  customFields: z.object({
    priceLabel: z.string().optional(),
    priceAttributePrefix: z.string().optional(),
    priceChangeTimeZone: z.string().optional(),
    reportIds: z.array(z.string()).optional(),
    termsOfUseRequired: z.boolean().optional(),
    /** The anonymous external questionnaire behind 'Evaluate our service' (SPEC 1, 9); none hides the entry. */
    questionnaireUrl: z.string().url().optional(),
    /** The day (YYYY-MM-DD) MFA becomes required for all accounts (SPEC 1 notice); none: no notice. */
    mfaActivationDate: z.iso.date().optional(),
  }),
});
export type BrandSettings = z.infer<typeof BrandSettings>;
