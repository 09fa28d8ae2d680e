import * as z from '../shared/zod.ts';
import { MAX_LENGTH, MIN_PASSWORD_LENGTH } from '../shared/constants.ts';
import { type FieldText, withFieldCode } from '../shared/field-messages.ts';
import { Messages } from '../shared/messages.ts';
import { boundedString, emailString, isBlank, numericRule, requiredRule, ruleString } from '../shared/validation.ts';

/** The password policy of SPEC 5 and the sign-in and account forms built from the shared rules (validation.ts). */

const PASSWORD_RULES = ['minLength', 'lowercase', 'uppercase', 'digit', 'special'] as const;
type PasswordRule = (typeof PASSWORD_RULES)[number];
interface UnmetPasswordRule {
  rule: PasswordRule;
  message: FieldText;
}

const passwordChecks: Record<PasswordRule, { test: (password: string) => boolean; message: FieldText }> = {
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

/** A new password: required, then every unmet password rule as its own issue. */
const newPasswordString = () =>
  boundedString(MAX_LENGTH.password).check(
    z.superRefine((value, ctx) => {
      if (isBlank(value)) {
        ctx.addIssue({ code: 'custom', ...withFieldCode(Messages.required) });
        return;
      }
      for (const unmet of passwordRules(value)) ctx.addIssue({ code: 'custom', ...withFieldCode(unmet.message) });
    }),
  );

/**
 * Login form: username and password required (whitespace-only counts as empty; values are not
 * trimmed), secret code digits only and optional (empty allowed).
 */
export const LoginFormSchema = z.object({
  username: ruleString(MAX_LENGTH.username, requiredRule),
  password: ruleString(MAX_LENGTH.password, requiredRule),
  secretCode: z.optional(ruleString(20, numericRule)),
});

/** Forgot password: one field taking an e-mail address or a username (SPEC 7 sends it as `username`). */
export const ForgotPasswordFormSchema = z.object({
  username: ruleString(MAX_LENGTH.email, requiredRule),
});
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordFormSchema>;

/** 'The passwords do not match.' on `newPasswordVerify` when it is filled in and differs from the new one. */
function checkVerification(value: { newPassword: string; newPasswordVerify: string }, ctx: z.core.$RefinementCtx): void {
  if (!isBlank(value.newPasswordVerify) && !passwordsMatch(value.newPassword, value.newPasswordVerify)) {
    ctx.addIssue({ code: 'custom', path: ['newPasswordVerify'], ...withFieldCode(Messages.passwordsDoNotMatch) });
  }
}

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
  .check(z.superRefine(checkVerification));
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** The token of an e-mailed reset link (32 random bytes, base64url). */
export const ResetToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'The link is not valid'));
/** POST auth/reset-password/check: is the link still good (not used, not expired)? */
export const ResetTokenCheckSchema = z.object({ token: ResetToken });

/** Reset password through an e-mailed link: the link's token, then the same new-password rules. */
export const ResetPasswordFormSchema = z
  .object({
    token: ResetToken,
    newPassword: newPasswordString(),
    newPasswordVerify: ruleString(MAX_LENGTH.password, requiredRule),
  })
  .check(z.superRefine(checkVerification));
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

/** The token of an invitation link (32 random bytes, base64url), like a reset link's (ADR 113). */
export const InvitationToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'The link is not valid'));

/** A username as an invitee chooses it (ADR 113): letters, digits and . _ @ - only. */
export const TeamUsername = boundedString(MAX_LENGTH.username).check(
  z.trim(),
  z.minLength(3),
  z.regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits and . _ @ - only'),
);

/** Accept an invitation (ADR 113): the link's token, a username, and a new password under the reset's rules. */
export const InvitationAcceptFormSchema = z
  .object({
    token: InvitationToken,
    username: TeamUsername,
    newPassword: newPasswordString(),
    newPasswordVerify: ruleString(MAX_LENGTH.password, requiredRule),
  })
  .check(z.superRefine(checkVerification));
export type InvitationAcceptForm = z.infer<typeof InvitationAcceptFormSchema>;

/** My Account profile (SPEC 3 Account; the customer is the administrator's to set). */
export const ProfileFormSchema = z.object({
  email: emailString(),
  firstname: z.string().check(z.trim(), z.maxLength(MAX_LENGTH.name, Messages.tooLong)),
  surname: z.string().check(z.trim(), z.maxLength(MAX_LENGTH.name, Messages.tooLong)),
  jobTitle: z.string().check(z.trim(), z.maxLength(MAX_LENGTH.name, Messages.tooLong)),
});
export type ProfileForm = z.infer<typeof ProfileFormSchema>;

/** The current password, asked again before a change that could take the account over (ADR 017). */
export const CurrentPasswordSchema = z.object({ currentPassword: ruleString(MAX_LENGTH.password, requiredRule) });
/** POST account: the profile, plus the current password when the e-mail address changes. */
export const AccountUpdateSchema = z.extend(ProfileFormSchema, z.partial(CurrentPasswordSchema).shape);
export type AccountUpdate = z.infer<typeof AccountUpdateSchema>;
