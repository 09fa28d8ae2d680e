import type * as z from './zod.ts';
import type { CodesOf } from './errors.ts';
import { Messages } from './messages.ts';

/**
 * The field-level catalogue: every message a core rule gives a field has a stable code `FIELD.…`. The API's
 * 400 `issues` carry it next to the English text (`{ path, message, code }`), and the web translates a field
 * message by its code (i18n key `errors.<code>`), the English text being the fallback.
 */
export const FIELD = {
  REQUIRED: 'FIELD.REQUIRED',
  NUMERIC: 'FIELD.NUMERIC',
  EMAIL_INVALID: 'FIELD.EMAIL_INVALID',
  TOO_LONG: 'FIELD.TOO_LONG',
  PASSWORDS_DO_NOT_MATCH: 'FIELD.PASSWORDS_DO_NOT_MATCH',
  QUANTITY_MINIMUM: 'FIELD.QUANTITY_MINIMUM',
  QUANTITY_MAXIMUM: 'FIELD.QUANTITY_MAXIMUM',
  PACKAGING_UNIT: 'FIELD.PACKAGING_UNIT',
  PASSWORD_MIN_LENGTH: 'FIELD.PASSWORD_MIN_LENGTH',
  PASSWORD_LOWERCASE: 'FIELD.PASSWORD_LOWERCASE',
  PASSWORD_UPPERCASE: 'FIELD.PASSWORD_UPPERCASE',
  PASSWORD_DIGIT: 'FIELD.PASSWORD_DIGIT',
  PASSWORD_SPECIAL: 'FIELD.PASSWORD_SPECIAL',
  /** The server's policy: the username itself or a common password (ADR 011). */
  PASSWORD_TOO_WEAK: 'FIELD.PASSWORD_TOO_WEAK',
  /** A Markdown text beyond the bounds that keep its parsing linear (ADR 157). */
  MARKDOWN_TOO_COMPLEX: 'FIELD.MARKDOWN_TOO_COMPLEX',
} as const;
export type FieldCode = CodesOf<typeof FIELD>;

/** The English text of each rule's code (SPEC 5 wording, from `Messages`). */
export const FIELD_TEXTS = {
  [FIELD.REQUIRED]: Messages.required,
  [FIELD.NUMERIC]: Messages.numeric,
  [FIELD.EMAIL_INVALID]: Messages.email,
  [FIELD.TOO_LONG]: Messages.tooLong,
  [FIELD.PASSWORDS_DO_NOT_MATCH]: Messages.passwordsDoNotMatch,
  [FIELD.QUANTITY_MINIMUM]: Messages.minimum,
  [FIELD.QUANTITY_MAXIMUM]: Messages.maximum,
  [FIELD.PACKAGING_UNIT]: Messages.packagingUnit,
  [FIELD.PASSWORD_MIN_LENGTH]: Messages.passwordMinLength,
  [FIELD.PASSWORD_LOWERCASE]: Messages.passwordLowercase,
  [FIELD.PASSWORD_UPPERCASE]: Messages.passwordUppercase,
  [FIELD.PASSWORD_DIGIT]: Messages.passwordDigit,
  [FIELD.PASSWORD_SPECIAL]: Messages.passwordSpecial,
  [FIELD.PASSWORD_TOO_WEAK]: Messages.passwordTooWeak,
  [FIELD.MARKDOWN_TOO_COMPLEX]: Messages.markdownTooComplex,
} as const satisfies Record<FieldCode, string>;
export type FieldText = (typeof FIELD_TEXTS)[keyof typeof FIELD_TEXTS];

const isFieldCode = (value: unknown): value is FieldCode => typeof value === 'string' && value in FIELD_TEXTS;

const codeByText = new Map<string, FieldCode>();
for (const code of Object.keys(FIELD_TEXTS)) if (isFieldCode(code)) codeByText.set(FIELD_TEXTS[code], code);

/**
 * The code of a rule's text (rules return their English text, so a form that runs a rule itself can still
 * translate by code). Undefined for a text that is no rule's.
 */
export const fieldCodeOf = (text: string): FieldCode | undefined => codeByText.get(text);

/** A custom zod issue's message with its rule's field code in `params` (read back by `fieldIssueOf`). */
export const withFieldCode = (message: FieldText) => ({ message, params: { code: fieldCodeOf(message) } });

export interface FieldIssue {
  path: string;
  message: string;
  /** Absent for a message no core rule gives (zod's own wording, a domain schema's own sentence). */
  code?: FieldCode;
}

/**
 * One field issue of a failed schema: the rule's code from the issue's `params` (set by `ruleString` and the
 * password rules), or `FIELD.TOO_LONG` for zod's built-in length check (`boundedString`, `z.maxLength(n, tooLong)`).
 * The message stays the issue's English text.
 */
export function fieldIssueOf(issue: z.core.$ZodIssue): FieldIssue {
  const path = issue.path.join('.');
  const params: unknown = 'params' in issue ? issue.params : undefined;
  const declared = typeof params === 'object' && params !== null && 'code' in params ? params.code : undefined;
  if (isFieldCode(declared)) {
    return { path, message: issue.message, code: declared };
  }
  if (issue.code === 'too_big' && issue.origin === 'string' && issue.message === FIELD_TEXTS[FIELD.TOO_LONG]) {
    return { path, message: issue.message, code: FIELD.TOO_LONG };
  }
  return { path, message: issue.message };
}
