/**
 * The note a filed company change carries as its request's enquiry (ADR 107). Stored data, so it is
 * written once, in the requester's language (the account's locale): the request screen shows it as it was
 * written, like any enquiry a requester types; the diff below it is shown in each reader's language.
 * English for a locale without texts here.
 */
type Note = { kind: 'profile'; fields: number } | { kind: 'assets' } | { kind: 'documents'; name: string };

type Texts = {
  /** The changed fields' count by plural category of the locale (Intl.PluralRules). */
  profile: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  assets: string;
  documents: string;
};

const ENGLISH: Texts = {
  profile: { one: 'Company profile: {n} field changed.', other: 'Company profile: {n} fields changed.' },
  assets: 'Company logo: a new logo.',
  documents: 'Company documents: “{name}” uploaded.',
};
const TEXTS: Record<string, Texts> = {
  en: ENGLISH,
  de: {
    profile: { one: 'Unternehmensprofil: {n} Feld geändert.', other: 'Unternehmensprofil: {n} Felder geändert.' },
    assets: 'Unternehmenslogo: ein neues Logo.',
    documents: 'Unternehmensdokumente: „{name}“ hochgeladen.',
  },
  fr: {
    profile: {
      one: 'Profil de l’entreprise : {n} champ modifié.',
      many: 'Profil de l’entreprise : {n} champs modifiés.',
      other: 'Profil de l’entreprise : {n} champs modifiés.',
    },
    assets: 'Logo de l’entreprise : un nouveau logo.',
    documents: 'Documents de l’entreprise : « {name} » téléversé.',
  },
  pl: {
    profile: {
      one: 'Profil firmy: zmieniono {n} pole.',
      few: 'Profil firmy: zmieniono {n} pola.',
      many: 'Profil firmy: zmieniono {n} pól.',
      other: 'Profil firmy: zmieniono {n} pola.',
    },
    assets: 'Logo firmy: nowe logo.',
    documents: 'Dokumenty firmy: przesłano „{name}”.',
  },
};

/** The note of a filed change in `locale` (e.g. 'de-DE'). */
export function companyChangeNote(note: Note, locale: string): string {
  const language = locale.split('-')[0] ?? 'en';
  const texts = TEXTS[language] ?? ENGLISH;
  if (note.kind === 'assets') return texts.assets;
  if (note.kind === 'documents') return texts.documents.replace('{name}', note.name);
  const form = texts.profile[new Intl.PluralRules(TEXTS[language] ? locale : 'en').select(note.fields)] ?? texts.profile.other;
  return form.replace('{n}', String(note.fields));
}
