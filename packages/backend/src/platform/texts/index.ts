// The platform/texts/ toolkit's face (ADR 060, 090): the server's mail and PDF texts in every language.
export { intlLocaleOf, languageOf, LANGUAGES, textsFor } from './server-texts.ts';
export type { Language, PluralForms, ServerTexts, Template, Texts, Values } from './server-texts.ts';
