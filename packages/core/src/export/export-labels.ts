import { CONTRACT_COUPON_STATUS_LABELS, COUPON_STATUS_LABELS } from '../shared/statuses.ts';
import { type ExportKind } from './export.ts';

/**
 * What export and report files say in the user's language (ADR 054): the column headers, the sheet's
 * name, and the labels of the code columns — a code ("approved") is written as its label ("Approved",
 * "Genehmigt") with the code itself in a column next to it ("Result (code)"), so a person reads the
 * label and a machine keeps reading the code. The labels are the screens' (a web test compares them with
 * the catalogues); English is the fallback for any other locale.
 */
export type FileLanguage = 'en' | 'de';
export const fileLanguageOf = (locale: string | null | undefined): FileLanguage => (locale?.toLowerCase().startsWith('de') ? 'de' : 'en');

/** The code columns' label sets: code → label per language. */
export const FILE_LABELS = {
  transactionResult: {
    en: { approved: 'Approved', declined: 'Declined', error: 'Error' },
    de: { approved: 'Genehmigt', declined: 'Abgelehnt', error: 'Fehler' },
  },
  // English: the screens' status labels of both kinds of card (shared/statuses.ts).
  couponStatus: {
    en: { ...COUPON_STATUS_LABELS, ...CONTRACT_COUPON_STATUS_LABELS },
    de: {
      activated: 'Aktiviert',
      deactivated: 'Deaktiviert',
      voided: 'Storniert',
      redeemed: 'Eingelöst',
      failed: 'Fehlgeschlagen',
      notReady: 'Nicht bereit',
      unknown: 'Unbekannt',
      ready: 'Bereit',
      issued: 'Ausgegeben',
    },
  },
  orderStatus: {
    en: {
      cancelled: 'Cancelled',
      created: 'Created',
      downloaded: 'Downloaded',
      finished: 'Finished',
      incomplete: 'Incomplete',
      ordered: 'Ordered',
      pending: 'Pending',
    },
    de: {
      cancelled: 'Storniert',
      created: 'Angelegt',
      downloaded: 'Heruntergeladen',
      finished: 'Abgeschlossen',
      incomplete: 'Unvollständig',
      ordered: 'Bestellt',
      pending: 'Ausstehend',
    },
  },
  deliveryTo: {
    en: { store: 'Store', 'distribution centre': 'Distribution centre' },
    de: { store: 'Filiale', 'distribution centre': 'Verteilzentrum' },
  },
  // The audit log's kinds (ADR 116): the names its Kind filter shows (web audit.kindNames).
  auditKind: {
    en: {
      'signin.succeeded': 'Sign-in',
      'signin.failed': 'Failed sign-in',
      'signin.locked': 'Account locked',
      'account.invited': 'Invitation',
      'account.invitation_accepted': 'Invitation accepted',
      'account.permissions_changed': 'Permissions changed',
      'account.deactivated': 'Account deactivated',
      'account.reactivated': 'Account reactivated',
      'account.mfa_reset': 'MFA reset',
      'account.password_reset_sent': 'Password reset sent',
      'account.access_changed_by_operator': 'Access changed by an operator',
      'mfa.enabled': 'MFA turned on',
      'mfa.disabled': 'MFA turned off',
      'passkey.added': 'Passkey added',
      'passkey.removed': 'Passkey removed',
      'export.downloaded': 'Export downloaded',
      'report.file_downloaded': 'Report file downloaded',
      'report.schedule_changed': 'Report schedule changed',
      'report.recipients_changed': 'Report recipients changed',
      'document.downloaded': 'Document downloaded',
      'request.decided': 'Request decided',
    },
    de: {
      'signin.succeeded': 'Anmeldung',
      'signin.failed': 'Fehlgeschlagene Anmeldung',
      'signin.locked': 'Konto gesperrt',
      'account.invited': 'Einladung',
      'account.invitation_accepted': 'Einladung angenommen',
      'account.permissions_changed': 'Berechtigungen geändert',
      'account.deactivated': 'Konto deaktiviert',
      'account.reactivated': 'Konto wieder aktiviert',
      'account.mfa_reset': 'MFA zurückgesetzt',
      'account.password_reset_sent': 'Passwort-Zurücksetzung gesendet',
      'account.access_changed_by_operator': 'Zugang durch Betreiber geändert',
      'mfa.enabled': 'MFA eingeschaltet',
      'mfa.disabled': 'MFA ausgeschaltet',
      'passkey.added': 'Passkey hinzugefügt',
      'passkey.removed': 'Passkey entfernt',
      'export.downloaded': 'Export heruntergeladen',
      'report.file_downloaded': 'Berichtsdatei heruntergeladen',
      'report.schedule_changed': 'Berichtszeitplan geändert',
      'report.recipients_changed': 'Berichtsempfänger geändert',
      'document.downloaded': 'Dokument heruntergeladen',
      'request.decided': 'Anfrage entschieden',
    },
  },
} as const satisfies Record<string, Record<FileLanguage, Record<string, string>>>;
export type FileLabelSet = keyof typeof FILE_LABELS;

/** The label of a code, or null when the set has none for it (the code is then written as it is). */
export function fileLabel(set: FileLabelSet, code: string, language: FileLanguage): string | null {
  const labels: Record<string, string> = FILE_LABELS[set][language];
  return Object.hasOwn(labels, code) ? labels[code]! : null;
}

/** The German column headers, by the English header every source declares. */
const HEADERS_DE: Record<string, string> = {
  Activated: 'Aktiviert',
  Address: 'Adresse',
  Concerns: 'Betrifft',
  Details: 'Einzelheiten',
  Entry: 'Eintrag',
  Event: 'Ereignis',
  Person: 'Person',
  'User name': 'Benutzername',
  Amount: 'Betrag',
  Count: 'Anzahl',
  Currency: 'Währung',
  Customer: 'Kunde',
  'Customer ID': 'Kunden-ID',
  'Customer store ID': 'Filialnummer des Kunden',
  Date: 'Datum',
  'Delivery to': 'Lieferung an',
  EAN: 'EAN',
  'Face value': 'Nennwert',
  Group: 'Gruppe',
  ID: 'ID',
  Name: 'Name',
  Note: 'Hinweis',
  'Order ID': 'Bestellnummer',
  Ordered: 'Bestellt am',
  Positions: 'Positionen',
  Product: 'Produkt',
  'Product ID': 'Produkt-ID',
  Quantity: 'Menge',
  Redeemed: 'Eingelöst',
  Result: 'Ergebnis',
  'Result code': 'Ergebniscode',
  'Serial number': 'Seriennummer',
  Status: 'Status',
  Store: 'Filiale',
  'Terminal ID': 'Terminal-ID',
  'Transaction ID': 'Transaktions-ID',
  Type: 'Typ',
};

/** A column header in a language; an English header with no German text stays English (a test lists them). */
export const fileHeader = (english: string, language: FileLanguage): string =>
  language === 'de' ? (HEADERS_DE[english] ?? english) : english;
export const hasGermanHeader = (english: string): boolean => Object.hasOwn(HEADERS_DE, english);

/** The header of the code column beside a labelled one: "Result (code)", "Ergebnis (Code)". */
export const codeHeader = (english: string, language: FileLanguage): string =>
  `${fileHeader(english, language)} ${language === 'de' ? '(Code)' : '(code)'}`;

/** An export's sheet (and file) title per kind. */
const EXPORT_TITLES: Record<ExportKind, Record<FileLanguage, string>> = {
  transactions: { en: 'Transactions', de: 'Transaktionen' },
  sales: { en: 'Sales', de: 'Umsätze' },
  audit: { en: 'Audit log', de: 'Aktivitätsprotokoll' },
};
export const exportTitle = (kind: ExportKind, language: FileLanguage): string => EXPORT_TITLES[kind][language];

/** A name Excel takes for a sheet: at most 31 characters, none of : \ / ? * [ ], not empty. */
export function sheetName(title: string): string {
  const clean = title
    .replace(/[:\\/?*[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '');
  return clean.slice(0, 31).trim() || 'Export';
}
