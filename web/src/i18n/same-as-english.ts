/**
 * The words a translated text may share with its English text (ADR 088). The catalogue gate fails on a text
 * equal to the English one, since that is nearly always a text nobody translated; a text passes when each of
 * its words (placeholders removed) is on the list of every locale or of its own. Keep the lists short: a word
 * belongs here only when a native reader writes it exactly so (docs/glossary.md, last section).
 */

/** Codes, file formats and names: the same in every language. */
const EVERY_LOCALE = [
  // Article, product and file codes
  'EAN',
  'SKU',
  'AIRS',
  'ID',
  'CSV',
  'PDF',
  'XLSX',
  'FTP',
  'SFTP',
  'MFA',
  'OTP',
  // Names: the connect portal's product name, the format and the identity provider named on screens
  'connect',
  'Excel',
  'Markdown',
  'Microsoft',
  'OK',
] as const;

/** Per locale: words that are the same word in that language. */
const PER_LOCALE: Record<string, readonly string[]> = {
  'de-DE': [
    'Name',
    'Status',
    'Filter',
    'Details',
    'Terminal',
    'Export',
    'Import',
    'Workflow',
    'Workflows',
    'Version',
    'Text',
    'Definition',
    'Code',
    'Division',
    'Logo',
    'Portal',
    'optional',
    'Minimum',
    'Maximum',
    // The coupon module's name in German business use (docs/glossary.md)
    'Couponing',
    // The WebAuthn credential's name in German as the platforms write it (docs/glossary.md)
    'Passkey',
    'Passkeys',
  ],
  'fr-FR': [
    'Documents',
    'Document',
    'Transactions',
    'Transaction',
    'Date',
    'Division',
    'Divisions',
    'Logo',
    'Terminal',
    'Version',
    'Code',
    'Minimum',
    'Maximum',
    'Type',
    'Message',
    'Questionnaire',
    'Total',
    'Import',
    'E-mail',
    'Description',
    'Important',
    'Pages',
    'page',
    'Activation',
    'Source',
  ],
  'pl-PL': ['Status', 'Terminal', 'Import', 'Logo', 'Minimum', 'E-mail', 'Portal', 'Folder'],
};

/** A text's words: letters and digits, with inner hyphens and apostrophes ("E-mail"). */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Whether a text equal to its English text is accepted in `locale`: nothing but allow-listed words. */
export function mayEqualEnglish(locale: string, text: string): boolean {
  const allowed = new Set<string>([...EVERY_LOCALE, ...(PER_LOCALE[locale] ?? [])]);
  const words = text.replace(/\{\w+\}/g, ' ').match(WORD) ?? [];
  return words.every((word) => allowed.has(word) || /^\d+$/.test(word));
}
