import { z } from 'zod';
import { MAX_LENGTH, MIN_PASSWORD_LENGTH } from './constants.ts';
import { Messages } from './messages.ts';

/**
 * Validation rules of SPEC 5. Each rule is a plain function, the single source of its logic; the zod
 * schemas at the bottom are built from these functions so the forms (web) and the API (server) agree.
 *
 * A rule returns the message to show, or null when the value passes. Every rule except `requiredRule`
 * lets an empty value pass, so "required" and "well-formed" compose: `requiredRule(v) ?? emailRule(v)`.
 */
export type Rule = (value: string | null | undefined) => string | null;

/** Empty: null, undefined, '' or whitespace only. */
export const isBlank = (value: string | null | undefined): boolean => value == null || value.trim() === '';

/** 'Value is required' for null, undefined, '' and whitespace-only values. */
export const requiredRule: Rule = (value) => (isBlank(value) ? Messages.required : null);

/** ASCII digits only; empty allowed. Spaces, signs, decimal points and non-ASCII digits fail. */
export const numericRule: Rule = (value) =>
  value == null || value === '' || /^[0-9]+$/.test(value) ? null : Messages.numeric;

/**
 * Pragmatic e-mail shape: local@domain.tld with no whitespace, exactly one '@', and a domain of
 * non-empty dot-separated labels (at least two). Empty allowed.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const emailRule: Rule = (value) =>
  value == null || value === '' || EMAIL.test(value) ? null : Messages.email;

export const PASSWORD_RULES = ['minLength', 'lowercase', 'uppercase', 'digit', 'special'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];
export interface UnmetPasswordRule {
  rule: PasswordRule;
  message: string;
}

const passwordChecks: Record<PasswordRule, { test: (password: string) => boolean; message: string }> = {
  // Counted in code points, so an emoji or an accented letter counts once.
  minLength: { test: (p) => [...p].length >= MIN_PASSWORD_LENGTH, message: Messages.passwordMinLength },
  lowercase: { test: (p) => /\p{Ll}/u.test(p), message: Messages.passwordLowercase },
  uppercase: { test: (p) => /\p{Lu}/u.test(p), message: Messages.passwordUppercase },
  digit: { test: (p) => /\p{Nd}/u.test(p), message: Messages.passwordDigit },
  // Special: anything that is neither a letter, a number nor whitespace (a space does not count).
  special: { test: (p) => /[^\p{L}\p{N}\s]/u.test(p), message: Messages.passwordSpecial },
};

/**
 * The password policy rules of SPEC 5 that `password` does not meet, in the order minLength,
 * lowercase, uppercase, digit, special. An empty list means the password is acceptable.
 */
export function passwordRules(password: string): UnmetPasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !passwordChecks[rule].test(password)).map((rule) => ({
    rule,
    message: passwordChecks[rule].message,
  }));
}

/** Exact comparison: no trimming, case-sensitive. */
export const passwordsMatch = (password: string, confirmation: string): boolean => password === confirmation;

export interface QuantityConstraints {
  /** Smallest allowed quantity; values below 1 are treated as 1 (a quantity is always positive). */
  minimum?: number | null;
  /** Largest allowed quantity; absent means no upper limit. */
  maximum?: number | null;
  /** Quantities must be a multiple of this; absent or not a positive integer means 1. */
  packagingUnit?: number | null;
}

export type QuantityProblem =
  | typeof Messages.minimum
  | typeof Messages.maximum
  | typeof Messages.packagingUnit;

/**
 * Checks an order quantity (SPEC 5). A quantity must be a positive integer, at least the minimum, at
 * most the maximum, and a multiple of the packaging unit. The first failing check wins, in this order:
 *
 * 1. 'Minimum' — not a number, zero, negative, or below the minimum (a quantity below 1 is below any
 *    minimum, so zero and negatives say 'Minimum').
 * 2. 'Maximum' — above the maximum.
 * 3. 'PU' — not an integer, or not a multiple of the packaging unit (2.5 is off a unit of 1).
 *
 * Range first, then step: the user learns the bounds before the step size.
 */
export function quantityRule(constraints: QuantityConstraints, qty: number): QuantityProblem | null {
  const minimum = Math.max(1, constraints.minimum ?? 1);
  const maximum = constraints.maximum ?? Number.POSITIVE_INFINITY;
  const pu = constraints.packagingUnit;
  const unit = pu != null && Number.isInteger(pu) && pu > 0 ? pu : 1;
  if (Number.isNaN(qty) || qty < minimum) return Messages.minimum;
  if (qty > maximum) return Messages.maximum;
  if (!Number.isInteger(qty) || qty % unit !== 0) return Messages.packagingUnit;
  return null;
}

/** A string of at most `max` characters, else 'Value is too long' (checked before any other rule). */
export const boundedString = (max: number) => z.string().max(max, { message: Messages.tooLong, abort: true });

/** A zod string of at most `max` characters, then checked by `rules` in order; every failing rule adds its message. */
export const ruleString = (max: number, ...rules: Rule[]) =>
  boundedString(max).superRefine((value, ctx) => {
    for (const rule of rules) {
      const message = rule(value);
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    }
  });

/** A new password: required, then every unmet password rule as its own issue. */
export const newPasswordString = () =>
  boundedString(MAX_LENGTH.password).superRefine((value, ctx) => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: Messages.required });
      return;
    }
    for (const unmet of passwordRules(value)) ctx.addIssue({ code: 'custom', message: unmet.message });
  });

/**
 * Login form: username and password required (whitespace-only counts as empty; values are not
 * trimmed), secret code digits only and optional (empty allowed).
 */
export const LoginFormSchema = z.object({
  username: ruleString(MAX_LENGTH.username, requiredRule),
  password: ruleString(MAX_LENGTH.password, requiredRule),
  secretCode: ruleString(20, numericRule).optional(),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

/** Forgot password: one field taking an e-mail address or a username (SPEC 7 sends it as `username`). */
export const ForgotPasswordFormSchema = z.object({
  username: ruleString(MAX_LENGTH.email, requiredRule),
});
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordFormSchema>;

/**
 * Change password (SPEC 7 field names): all three required, the new password meets the policy, and the
 * verification matches it ('The passwords do not match.' on `newPasswordVerify`).
 */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: ruleString(MAX_LENGTH.password, requiredRule),
    newPassword: newPasswordString(),
    newPasswordVerify: ruleString(MAX_LENGTH.password, requiredRule),
  })
  .superRefine((value, ctx) => {
    if (!isBlank(value.newPasswordVerify) && !passwordsMatch(value.newPassword, value.newPasswordVerify)) {
      ctx.addIssue({ code: 'custom', path: ['newPasswordVerify'], message: Messages.passwordsDoNotMatch });
    }
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** A required, well-formed e-mail address (account form and anywhere else an address is entered). */
export const emailString = () => ruleString(MAX_LENGTH.email, requiredRule, emailRule);

/** The token of an e-mailed reset link (32 random bytes, base64url). */
export const ResetToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'The link is not valid');
/** POST auth/reset-password/check: is the link still good (not used, not expired)? */
export const ResetTokenCheckSchema = z.object({ token: ResetToken });

/** Reset password through an e-mailed link: the link's token, then the same new-password rules. */
export const ResetPasswordFormSchema = z
  .object({
    token: ResetToken,
    newPassword: newPasswordString(),
    newPasswordVerify: ruleString(MAX_LENGTH.password, requiredRule),
  })
  .superRefine((value, ctx) => {
    if (!isBlank(value.newPasswordVerify) && !passwordsMatch(value.newPassword, value.newPasswordVerify)) {
      ctx.addIssue({ code: 'custom', path: ['newPasswordVerify'], message: Messages.passwordsDoNotMatch });
    }
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

/** My Account profile (SPEC 3 Account; the customer is the administrator's to set). */
export const ProfileFormSchema = z.object({
  email: emailString(),
  firstname: z.string().trim().max(MAX_LENGTH.name, Messages.tooLong),
  surname: z.string().trim().max(MAX_LENGTH.name, Messages.tooLong),
  jobTitle: z.string().trim().max(MAX_LENGTH.name, Messages.tooLong),
});
export type ProfileForm = z.infer<typeof ProfileFormSchema>;

/** The current password, asked again before a change that could take the account over (issue 10 A). */
export const CurrentPasswordSchema = z.object({ currentPassword: ruleString(MAX_LENGTH.password, requiredRule) });
/** POST account: the profile, plus the current password when the e-mail address changes. */
export const AccountUpdateSchema = ProfileFormSchema.extend(CurrentPasswordSchema.partial().shape);
export type AccountUpdate = z.infer<typeof AccountUpdateSchema>;
