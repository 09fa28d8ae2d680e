import { FIELD_TEXTS, type FieldCode, isOneOf } from '@portal/core/shared';
import type * as z from '@portal/core/zod';
import type { ApiError } from './api-client.ts';

/**
 * Small form helpers shared by every form (pure, unit-tested). Rules come from core's zod schemas; the
 * server's 400 issues land on the same fields.
 */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Each field's first failing rule of `schema` for `input` (issue paths name the fields of its shape). */
export function schemaErrors<F extends string>(schema: z.ZodMiniObject<Record<F, z.core.$ZodType>>, input: unknown): FieldErrors<F> {
  const result = schema.safeParse(input);
  const errors: FieldErrors<F> = {};
  if (result.success) return errors;
  const isField = (field: PropertyKey | undefined): field is F => typeof field === 'string' && Object.hasOwn(schema.shape, field);
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The server's field issues (400 `issues`) for the given fields, first per field. An issue with a rule's field
 * code becomes that rule's catalogue text, which the display translates by the code (`fieldText`).
 */
export function serverFieldErrors<F extends string>(error: Pick<ApiError, 'issues'> | undefined, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error?.issues ?? []) {
    const field = issue.path.split('.')[0];
    if (isOneOf(fields, field)) errors[field] ??= ruleTextOf(issue);
  }
  return errors;
}

/** A code of core's field rules (`FIELD.…`): an issue with one is worded by that rule's text. */
export const isFieldCode = (code: string | undefined): code is FieldCode => code !== undefined && Object.hasOwn(FIELD_TEXTS, code);

const ruleTextOf = ({ message, code }: { message: string; code?: string | undefined }): string =>
  isFieldCode(code) ? FIELD_TEXTS[code] : message;

/** Errors show only on dirty fields (SPEC 5). */
export function onlyDirty<F extends string>(errors: FieldErrors<F>, dirty: Partial<Record<F, boolean>>): FieldErrors<F> {
  const shown: FieldErrors<F> = {};
  for (const field in errors) if (dirty[field]) shown[field] = errors[field];
  return shown;
}
