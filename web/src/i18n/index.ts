import { fieldCodeOf, Messages as CoreMessages, type MessageKey as CoreMessageKey, type Portal, resolveLocale } from '@portal/core/shared';
import { useCallback } from 'react';
import { isFieldCode } from '../lib/forms.ts';
import { createStore, keptOnReset, useStore } from '../lib/store.ts';
import { BUNDLED_CATALOGUES, bundledEnglish, type English, type FeatureCatalogue, loadCatalogueFile, LOCALES } from './catalogues.ts';

/**
 * i18n (ARCHITECTURE convention 8). Every user-visible text is a key into the catalogues
 * `<locale>/<catalogue>.json` (catalogues.ts). English is the complete fallback: the shell's catalogues ship
 * with the app, a feature's load with its routes (`loadCatalogue`). Other locales are loaded on demand. A key
 * missing in the active locale falls back to English; a locale that fails to load falls back to English as
 * a whole (SPEC 8).
 */

export type Messages = { [key: string]: string | Messages };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/**
 * The plural forms a catalogue key may carry (`lines_one`, `lines_few`, …: the categories of Intl.PluralRules,
 * ADR 088). Code names the key without its form and passes `{ count }`; the count picks the form.
 */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type PluralBase<K extends string> = K extends `${infer Base}_${(typeof PLURAL_FORMS)[number]}` ? Base : K;

/** Every key of the English catalogues, e.g. `'auth.login.submit'`. A typo is a type error. */
export type MessageKey = PluralBase<Leaves<English>>;
export type MessageParams = Record<string, string | number>;

export const FALLBACK_LOCALE = 'en-US';

/**
 * The message file for a user's locale. Which locale applies is core's rule (`resolveLocale`: the
 * portal's code, or its code of the same language and region, else the portal default); the accepted
 * locale then picks the files of its language (`de-de` and `de-DE` both read de-DE/, `pl-pl` pl-PL/); a locale
 * without files reads English (ADR 088).
 */
export function messageLocaleFor(portal: Portal, requested: string | null | undefined): string {
  const accepted = resolveLocale(portal, requested);
  const language = accepted.slice(0, 2).toLowerCase();
  return MESSAGE_FILES.find((file) => file.slice(0, 2).toLowerCase() === language) ?? FALLBACK_LOCALE;
}

/** Looks a dotted key up in a message tree. */
export function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/**
 * Told of every key that resolved to no text (neither the active locale nor English has it loaded). The
 * route tests (web/src/test/dom-setup.ts) install one that fails the test, so a screen that would show a
 * raw catalogue key (e.g. a feature's catalogue its route does not load) cannot pass.
 */
let missingKeyReporter: ((key: string) => void) | undefined;
export function onMissingKey(reporter: ((key: string) => void) | undefined): void {
  missingKeyReporter = reporter;
}

const pluralRules = new Map<string, Intl.PluralRules>();
const pluralCategory = (locale: string, count: number) => {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
};

/**
 * A key's text in one locale: with a numeric `count` the locale's plural form of it (`key_few` for 3 in Polish),
 * else its `_other` form, else the plain key. Never a joined "1 lines" (ADR 088).
 */
export function lookupCounted(messages: Messages | undefined, locale: string, key: string, params?: MessageParams): string | undefined {
  const count = params?.['count'];
  if (typeof count === 'number') {
    const form = lookup(messages, `${key}_${pluralCategory(locale, count)}`) ?? lookup(messages, `${key}_other`);
    if (form !== undefined) return form;
  }
  return lookup(messages, key);
}

/** The active locale's text, else English, else the key itself (visible, so a gap gets noticed). */
export function resolveMessage(
  messages: Messages | undefined,
  fallback: Messages,
  key: string,
  params?: MessageParams,
  locale: string = FALLBACK_LOCALE,
): string {
  const text = lookupCounted(messages, locale, key, params) ?? lookupCounted(fallback, FALLBACK_LOCALE, key, params);
  if (text === undefined) missingKeyReporter?.(key);
  return interpolate(text ?? key, params);
}

/** A whole locale's messages: those of the catalogues in use. */
export type Loader = () => Promise<{ default: Messages }>;
const MESSAGE_FILES = [FALLBACK_LOCALE, ...LOCALES];

interface I18nState {
  /** The locale in use, e.g. 'de-DE'. */
  locale: string;
  messages: Messages;
  /** English of every catalogue loaded so far: the fallback. */
  english: Messages;
}
// The texts loaded so far stay with the module (featureLoads); a test file's language is put back with loadMessages.
const i18nStore = createStore<I18nState>({ locale: FALLBACK_LOCALE, messages: bundledEnglish, english: bundledEnglish });
keptOnReset(i18nStore);

/** Feature catalogues asked for (loaded or loading), and their texts in other locales loaded so far. */
const featureLoads = new Map<FeatureCatalogue, Promise<void>>();
const featureTexts = new Map<string, Messages>();
/** The locale asked for last: a feature catalogue loading meanwhile loads that locale's file too. */
let wantedLocale = FALLBACK_LOCALE;

/** A locale's catalogues in use (the bundled ones, the features asked for), merged; a missing file is empty. */
async function loadLocale(locale: string): Promise<{ default: Messages }> {
  const names = [...BUNDLED_CATALOGUES, ...featureLoads.keys()];
  const parts = await Promise.all(names.map(async (name) => (await loadCatalogueFile(locale, name)) ?? {}));
  return { default: Object.assign({}, ...parts) as Messages };
}
const loaders: Record<string, Loader> = Object.fromEntries(LOCALES.map((locale) => [locale, () => loadLocale(locale)]));

const toEnglish = (state: I18nState): I18nState => ({ ...state, locale: FALLBACK_LOCALE, messages: state.english });

/**
 * Makes a locale active, loading its files on first use. English needs no load; a locale that fails to
 * load leaves English active (SPEC 8). Returns the locale now in use.
 */
export async function loadMessages(locale: string, loaderMap: Record<string, Loader> = loaders): Promise<string> {
  if (locale === i18nStore.get().locale) return locale;
  const load = loaderMap[locale];
  wantedLocale = load ? locale : FALLBACK_LOCALE;
  if (!load) {
    i18nStore.set(toEnglish);
    return FALLBACK_LOCALE;
  }
  try {
    const messages = (await load()).default;
    i18nStore.set((state) => ({ ...state, locale, messages: { ...messages, ...featureTexts.get(locale) } }));
    return locale;
  } catch {
    wantedLocale = FALLBACK_LOCALE;
    i18nStore.set(toEnglish);
    return FALLBACK_LOCALE;
  }
}

/**
 * Loads a feature's catalogue with the feature's routes (router.tsx, lazyRoute): English and the wanted
 * locale's file, so the route renders once its texts are there (no keys, no language flip). English failing
 * fails like the route's code chunk; the other locale's file failing leaves the feature in English.
 */
export function loadCatalogue(name: FeatureCatalogue): Promise<void> {
  const asked = featureLoads.get(name);
  if (asked) return asked;
  const locale = wantedLocale;
  const loading = (async () => {
    const [english, translated] = await Promise.all([
      loadCatalogueFile(FALLBACK_LOCALE, name),
      locale === FALLBACK_LOCALE ? undefined : loadCatalogueFile(locale, name).catch(() => undefined),
    ]);
    if (!english) throw new Error(`No English catalogue '${name}'`);
    if (translated) featureTexts.set(locale, { ...featureTexts.get(locale), ...translated });
    i18nStore.set((state) => {
      const merged = { ...state.english, ...english };
      if (state.locale === FALLBACK_LOCALE) return { ...state, english: merged, messages: merged };
      const messages = state.locale === locale && translated ? { ...state.messages, ...translated } : state.messages;
      return { ...state, english: merged, messages };
    });
  })();
  featureLoads.set(name, loading);
  loading.catch(() => featureLoads.delete(name));
  return loading;
}

/**
 * The text of a key made at run time (e.g. from a server's action name), or undefined where the catalogues
 * have none: for callers that show something else then. Not reported as missing (see onMissingKey).
 */
export function optionalText(key: string, params?: MessageParams): string | undefined {
  const { locale, messages, english } = i18nStore.get();
  const text = lookupCounted(messages, locale, key, params) ?? lookupCounted(english, FALLBACK_LOCALE, key, params);
  return text === undefined ? undefined : interpolate(text, params);
}

/** Translate outside React (the API client's snack texts). */
export function translate(key: MessageKey, params?: MessageParams): string {
  const { locale, messages, english } = i18nStore.get();
  return resolveMessage(messages, english, key, params, locale);
}

export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** `const t = useT(); t('auth.login.submit')` — re-renders when the locale changes. */
export function useT(): Translate {
  const { locale, messages, english } = useStore(i18nStore);
  return useCallback((key, params) => resolveMessage(messages, english, key, params, locale), [locale, messages, english]);
}

export const useLocale = () => useStore(i18nStore).locale;

/**
 * The text of an API error, by its code (ARCHITECTURE convention 2): every code of core's error catalogues
 * (`<domain>/errors.ts`) has the key `errors.<code>`, and a locale other than English shows that text. In
 * English the server's own message is shown, since the server words its errors in English and at times adds
 * details (the field, the limit, the portal); the catalogue's English text stands in when it sent none.
 * Undefined for a code outside the catalogue that came without a message.
 */
export function errorText(code: string, serverMessage = ''): string | undefined {
  const { locale, messages, english } = i18nStore.get();
  const key = `errors.${code}`;
  const translated = locale === FALLBACK_LOCALE ? undefined : lookup(messages, key);
  return translated ?? (serverMessage || lookup(english, key));
}

/**
 * The text of a field message in the user's language, by its field code (`FIELD.…`, core's field-messages.ts):
 * a server issue names its `code`; a message from a rule the web ran itself is its rule's English text, whose
 * code core's catalogue knows. Any other text (zod's own wording, `FIELD.INVALID`) is shown as it is.
 */
export function fieldText(t: Translate, message: string, code?: string): string {
  const rule = isFieldCode(code) ? code : fieldCodeOf(message);
  if (!rule) return message;
  // Until the `errors` catalogue is there (loadErrorTexts) the rule's own English text, never its key.
  const key = `errors.${rule}` as const;
  const text = t(key);
  return text === key && message ? message : text;
}

/**
 * The `errors` catalogue (every API error code's and field rule's text), which no screen shows at first paint:
 * the data layer starts it at the first input and once the page is idle (data-bridge.ts), the API client before
 * it reports a failure, the sign-in layer with the login form's rules (ADR 127). A failed load is tried again by
 * the next caller; meanwhile a field rule reads in its English text (fieldText).
 */
export const loadErrorTexts = (): Promise<void> => loadCatalogue('errors').catch(() => undefined);

const isCoreMessageKey = (key: string): key is CoreMessageKey => Object.hasOwn(CoreMessages, key);
const coreMessageKeys = new Map<string, CoreMessageKey>();
for (const [key, text] of Object.entries(CoreMessages)) if (isCoreMessageKey(key)) coreMessageKeys.set(text, key);

/**
 * Translates a text produced by core that carries no code: a field rule's text goes by its field code
 * (`fieldText`); otherwise the last fallback is the reverse lookup of core's `Messages` (the login failure
 * texts, the reset/forgot outcomes and service messages the server words in English). Texts that are not
 * core messages are shown as they are. An API error is translated by its code instead (`errorText`).
 */
export function translateCoreMessage(t: Translate, text: string): string {
  if (fieldCodeOf(text)) return fieldText(t, text);
  const key = coreMessageKeys.get(text);
  // Core's texts are the spec's verbatim wording, some lower-case ('retailer required'); shown on their
  // own they read as a sentence. Only the catalogue's text gets the capital: a text that is not one of
  // core's (the server's words, data) is shown exactly as it came (ADR 054).
  return key ? sentence(t(`messages.${key}`)) : text;
}

const sentence = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
