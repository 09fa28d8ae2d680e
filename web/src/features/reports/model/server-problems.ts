import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { fieldText, type MessageKey, type Translate } from '../../../i18n/index.ts';

/**
 * A failed call as the screens show it: the message by its code (errors.REPORT.* and the shared codes,
 * translated) and the 400's field issues by their dotted path (`name`, `filter.ean`, `reportingDays`).
 */
export interface ServerProblems {
  message: string;
  fields: Record<string, string>;
}

export function serverProblems(error: unknown, t: Translate): ServerProblems | null {
  if (!error) return null;
  const fields: Record<string, string> = {};
  if (error instanceof ApiError) for (const issue of error.issues ?? []) fields[issue.path] ??= fieldText(t, issue.message, issue.code);
  return { message: errorMessage(error), fields };
}

/**
 * The form's own problems (the core contract's checks, keyed by dotted path) in the user's language: each
 * path has its text in the catalogue (`reportPage.problems.<path>`); an unexpected one shows as the rule says.
 */
export function localProblems(t: Translate, problems: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(problems)) {
    const key = `reportPage.problems.${path}`;
    const text = t(key as MessageKey);
    out[path] = text === key ? message : text;
  }
  return out;
}
