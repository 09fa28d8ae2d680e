import type { AuditDetails } from './audit.ts';

/**
 * An entry's details in words (ADR 122), one source for the screen and the file: each detail a label and a value,
 * the value in words where it is a code (a method, a reason, a decision, a portal, on/off), permissions by their
 * names, numbers per locale, names (a file, a report, a person) as they are. The words come from the caller: the
 * web's catalogues in the reader's language, the file's words (`@portal/core/audit/file-words`) in the owner's.
 */
export type AuditDetailVocabulary = {
  /** The detail's label ("Method", „Verfahren"); null when it has none (the name is then shown). */
  label(name: string): string | null;
  /** A code's words within a detail ("password" under method: "Password"); null when none. */
  value(name: string, code: string): string | null;
  /** A permission's words by its `module.permission` key; null when none. */
  permission(key: string): string | null;
  /** "No permissions". */
  noPermissions: string;
  /** A number in the reader's locale. */
  number(value: number): string;
};

export type AuditDetailLine = { name: string; label: string; value: string };

/** Details whose value is a list of permissions (`module.permission, …`, ADR 113's team events). */
const PERMISSION_LISTS = new Set(['permissions', 'from', 'to']);
/** Details whose value is a code of another detail's words (a previous MFA method is a method). */
const SAME_WORDS: Record<string, string> = { previousMethod: 'method' };
/** Details whose value is a list of codes (an operator's portals). */
const CODE_LISTS: Record<string, string> = { portals: 'portal' };

function valueInWords(name: string, value: string | number | boolean, words: AuditDetailVocabulary): string {
  if (typeof value === 'number') return words.number(value);
  const text = String(value);
  if (PERMISSION_LISTS.has(name)) {
    const keys = text
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean);
    return keys.length === 0 ? words.noPermissions : keys.map((key) => words.permission(key) ?? key).join(', ');
  }
  const listOf = CODE_LISTS[name];
  if (listOf)
    return text
      .split(',')
      .map((code) => words.value(listOf, code.trim()) ?? code.trim())
      .join(', ');
  return words.value(SAME_WORDS[name] ?? name, text) ?? text;
}

/**
 * The details as labelled lines, in the order recorded; empty values are left out except a permission list (an
 * account with no permissions is said so).
 */
export function auditDetailLines(details: AuditDetails, words: AuditDetailVocabulary): AuditDetailLine[] {
  return Object.entries(details).flatMap(([name, value]): AuditDetailLine[] => {
    if (value === null || (value === '' && !PERMISSION_LISTS.has(name))) return [];
    return [{ name, label: words.label(name) ?? name, value: valueInWords(name, value, words) }];
  });
}
