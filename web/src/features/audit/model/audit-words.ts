import type { AuditEntryView, AuditKind } from '@portal/core/audit';
import type { MessageKey, MessageParams } from '../../../i18n/index.ts';

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
 * The details the words leave out, as "name: value" lines in the order given (a file's name, a request's
 * decision …): shown under the sentence, unchanged — they are names and codes, not words to translate.
 */
export function detailLines(details: AuditEntryView['details']): string[] {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== '')
    .map(([name, value]) => `${name}: ${String(value)}`);
}
