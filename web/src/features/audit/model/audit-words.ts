import {
  type AuditDetailLine,
  type AuditDetailVocabulary,
  auditDetailLines,
  type AuditEntryView,
  type AuditKind,
} from '@portal/core/audit';
import { type MessageKey, type MessageParams, optionalText } from '../../../i18n/index.ts';
import { formatNumber } from '../../../lib/user-format.ts';

/**
 * An entry in words (ADR 116): the API answers its kind and structured details, the catalogues say it in
 * the reader's language (`audit.kinds.<kind>`, a sentence naming the subject where the kind has one).
 * Pure: the screen passes its `t`.
 */
type Translate = (key: MessageKey, params?: MessageParams) => string;

export const kindSentenceKey = (kind: AuditKind): MessageKey => `audit.kinds.${kind}`;
export const kindNameKey = (kind: AuditKind): MessageKey => `audit.kindNames.${kind}`;

/** A person as the list names them: the name as it was when written, else the username. */
export const personName = (person: { username: string; name: string }): string => person.name.trim() || person.username;

/** What happened, as a sentence: "Invited Anna Schmidt", "Hat Anna Schmidt eingeladen". */
export function entrySentence(entry: Pick<AuditEntryView, 'kind' | 'subject' | 'actor'>, t: Translate): string {
  return t(kindSentenceKey(entry.kind), { subject: personName(entry.subject ?? entry.actor) });
}

/**
 * The catalogues' words for an entry's details in the reader's language (ADR 122): `audit.detailNames.<name>`,
 * `audit.values.<name>.<code>`, the Users section's permission names (`team.permission.<module>.<permission>`,
 * the team catalogue loads with this screen) and numbers in the reader's locale.
 */
export function catalogueVocabulary(locale: string): AuditDetailVocabulary {
  return {
    label: (name) => optionalText(`audit.detailNames.${name}`) ?? null,
    value: (name, code) => optionalText(`audit.values.${name}.${code}`) ?? null,
    permission: (key) => optionalText(`team.permission.${key}`) ?? null,
    noPermissions: optionalText('team.noPermissions') ?? '—',
    number: (value) => formatNumber(value, locale),
  };
}

/** The details as labelled lines in words ("Method: Passkey", „Verfahren: Passkey"), in the order recorded. */
export function detailLines(details: AuditEntryView['details'], locale: string): AuditDetailLine[] {
  return auditDetailLines(details, catalogueVocabulary(locale));
}
