import { CONTRACT_COUPON_STATUS_LABELS, COUPON_STATUS_LABELS } from '../shared/statuses.ts';
import { type ExportKind } from './export.ts';

/**
 * What export and report files say in the user's language (ADR 054): the column headers, the sheet's
 * name, and the labels of the code columns — a code ("approved") is written as its label ("Approved",
 * "Genehmigt") with the code itself in a column next to it ("Result (code)"), so a person reads the
 * label and a machine keeps reading the code. The labels are the screens' (a web test compares them with
 * the catalogues); English is the fallback for any other locale.
 */
export type FileLanguage = 'en' | 'de' | 'pl' | 'fr';
/** The two languages every file has (ADR 054); a kind may offer more (FILE_LANGUAGES_OF). */
const EN_DE: readonly FileLanguage[] = ['en', 'de'];
/**
 * The languages an export kind writes its files in: the audit log in every locale its catalogue has (ADR 122),
 * the others English and German (ADR 054) — so a Polish reader's transactions file stays one language, English.
 */
export const FILE_LANGUAGES_OF: Record<ExportKind, readonly FileLanguage[]> = {
  transactions: EN_DE,
  sales: EN_DE,
  audit: ['en', 'de', 'pl', 'fr'],
};
/** The user's locale as a file language among `offered` (by its language part), else English. */
export function fileLanguageOf(locale: string | null | undefined, offered: readonly FileLanguage[] = EN_DE): FileLanguage {
  const language = locale?.toLowerCase().slice(0, 2);
  return offered.find((l) => l === language) ?? 'en';
}
/** Labels in English and German, and in the further languages of the kinds that offer them. */
type LabelsByLanguage = Record<'en' | 'de', Record<string, string>> & Partial<Record<FileLanguage, Record<string, string>>>;

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
      'report.changed': 'Report changed',
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
      'report.changed': 'Bericht geändert',
      'report.file_downloaded': 'Berichtsdatei heruntergeladen',
      'report.schedule_changed': 'Berichtszeitplan geändert',
      'report.recipients_changed': 'Berichtsempfänger geändert',
      'document.downloaded': 'Dokument heruntergeladen',
      'request.decided': 'Anfrage entschieden',
    },
    pl: {
      'signin.succeeded': 'Logowanie',
      'signin.failed': 'Nieudane logowanie',
      'signin.locked': 'Konto zablokowane',
      'account.invited': 'Zaproszenie',
      'account.invitation_accepted': 'Zaproszenie przyjęte',
      'account.permissions_changed': 'Zmiana uprawnień',
      'account.deactivated': 'Konto dezaktywowane',
      'account.reactivated': 'Konto ponownie aktywowane',
      'account.mfa_reset': 'Reset MFA',
      'account.password_reset_sent': 'Wysłano reset hasła',
      'account.access_changed_by_operator': 'Dostęp zmieniony przez operatora',
      'mfa.enabled': 'MFA włączone',
      'mfa.disabled': 'MFA wyłączone',
      'passkey.added': 'Dodano klucz dostępu',
      'passkey.removed': 'Usunięto klucz dostępu',
      'export.downloaded': 'Pobrano eksport',
      'report.changed': 'Zmiana raportu',
      'report.file_downloaded': 'Pobrano plik raportu',
      'report.schedule_changed': 'Zmiana harmonogramu raportu',
      'report.recipients_changed': 'Zmiana odbiorców raportu',
      'document.downloaded': 'Pobrano dokument',
      'request.decided': 'Rozstrzygnięty wniosek',
    },
    fr: {
      'signin.succeeded': 'Connexion',
      'signin.failed': 'Échec de connexion',
      'signin.locked': 'Compte verrouillé',
      'account.invited': 'Invitation envoyée',
      'account.invitation_accepted': 'Invitation acceptée',
      'account.permissions_changed': 'Autorisations modifiées',
      'account.deactivated': 'Compte désactivé',
      'account.reactivated': 'Compte réactivé',
      'account.mfa_reset': 'MFA réinitialisée',
      'account.password_reset_sent': 'Réinitialisation du mot de passe envoyée',
      'account.access_changed_by_operator': 'Accès modifié par un opérateur',
      'mfa.enabled': 'MFA activée',
      'mfa.disabled': 'MFA désactivée',
      'passkey.added': "Clé d'accès ajoutée",
      'passkey.removed': "Clé d'accès supprimée",
      'export.downloaded': 'Export téléchargé',
      'report.changed': 'Rapport modifié',
      'report.file_downloaded': 'Fichier de rapport téléchargé',
      'report.schedule_changed': 'Planification de rapport modifiée',
      'report.recipients_changed': 'Destinataires de rapport modifiés',
      'document.downloaded': 'Document téléchargé',
      'request.decided': 'Demande tranchée',
    },
  },
} as const satisfies Record<string, LabelsByLanguage>;
export type FileLabelSet = keyof typeof FILE_LABELS;

/** The label of a code, or null when the set has none for it (the code is then written as it is). */
export function fileLabel(set: FileLabelSet, code: string, language: FileLanguage): string | null {
  const byLanguage: LabelsByLanguage = FILE_LABELS[set];
  const labels = byLanguage[language] ?? byLanguage.en;
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

/** The audit file's headers in Polish and French (ADR 122: the audit export writes every locale of its catalogue). */
const HEADERS_PL: Record<string, string> = {
  Date: 'Data',
  Entry: 'Wpis',
  Person: 'Osoba',
  'User name': 'Nazwa użytkownika',
  Event: 'Zdarzenie',
  Concerns: 'Dotyczy',
  Address: 'Adres',
  Details: 'Szczegóły',
};
const HEADERS_FR: Record<string, string> = {
  Date: 'Date',
  Entry: 'Entrée',
  Person: 'Personne',
  'User name': "Nom d'utilisateur",
  Event: 'Événement',
  Concerns: 'Concerne',
  Address: 'Adresse',
  Details: 'Détails',
};
const HEADERS: Partial<Record<FileLanguage, Record<string, string>>> = { de: HEADERS_DE, pl: HEADERS_PL, fr: HEADERS_FR };

/** A column header in a language; an English header with no text in it stays English (a test lists the German ones). */
export const fileHeader = (english: string, language: FileLanguage): string => HEADERS[language]?.[english] ?? english;
export const hasGermanHeader = (english: string): boolean => Object.hasOwn(HEADERS_DE, english);

/** The header of the code column beside a labelled one: "Result (code)", "Ergebnis (Code)". */
const CODE_WORD: Record<FileLanguage, string> = { en: '(code)', de: '(Code)', pl: '(kod)', fr: '(code)' };
export const codeHeader = (english: string, language: FileLanguage): string => `${fileHeader(english, language)} ${CODE_WORD[language]}`;

/** An export's sheet (and file) title per kind. */
const EXPORT_TITLES: Record<ExportKind, Record<'en' | 'de', string> & Partial<Record<FileLanguage, string>>> = {
  transactions: { en: 'Transactions', de: 'Transaktionen' },
  sales: { en: 'Sales', de: 'Umsätze' },
  audit: { en: 'Audit log', de: 'Aktivitätsprotokoll', pl: 'Dziennik zdarzeń', fr: "Journal d'audit" },
};
export const exportTitle = (kind: ExportKind, language: FileLanguage): string => EXPORT_TITLES[kind][language] ?? EXPORT_TITLES[kind].en;

/** A name Excel takes for a sheet: at most 31 characters, none of : \ / ? * [ ], not empty. */
export function sheetName(title: string): string {
  const clean = title
    .replace(/[:\\/?*[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '');
  return clean.slice(0, 31).trim() || 'Export';
}
