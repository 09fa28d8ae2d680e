import {
  Messages as CoreMessages,
  type MessageKey as CoreMessageKey,
  type Portal,
  resolveLocale,
} from '@portal/core/shared';
import { useCallback } from 'react';
import { createStore, useStore } from '../lib/store.ts';
import enUS from './en-US.json';

/**
 * i18n (ARCHITECTURE convention 8). Every user-visible text is a key into `<locale>.json`. en-US is the
 * complete fallback and ships with the app; other locales are loaded on demand (dynamic import, one chunk
 * each). A key missing in the active locale falls back to English; a locale that fails to load falls back
 * to English as a whole (SPEC 8).
 */

export type Messages = { [key: string]: string | Messages };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of en-US.json, e.g. `'auth.login.submit'`. A typo is a type error. */
export type MessageKey = Leaves<typeof enUS>;
export type MessageParams = Record<string, string | number>;

export const FALLBACK_LOCALE = 'en-US';

/**
 * The message file for a user's locale. Whether a locale is accepted at all is core's rule
 * (`resolveLocale`: exact match against the portal's list, else the portal default); the accepted locale
 * then picks the file of its language (`de-de` and `de-DE` both read de-DE.json). Locales without a file
 * (fr-FR, pl-PL, pl-pl) read English.
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

/** The active locale's text, else English, else the key itself (visible, so a gap gets noticed). */
export function resolveMessage(
  messages: Messages | undefined,
  fallback: Messages,
  key: string,
  params?: MessageParams,
): string {
  return interpolate(lookup(messages, key) ?? lookup(fallback, key) ?? key, params);
}

/**
 * Message files beside this module; en-US is bundled (the fallback), every other file is its own lazily
 * loaded chunk. Vite expands the glob at build time.
 */
export type Loader = () => Promise<{ default: Messages }>;
const loaders: Record<string, Loader> = Object.fromEntries(
  Object.entries(import.meta.glob<{ default: Messages }>(['./*.json', '!./en-US.json'])).map(
    ([file, load]) => [file.slice(2, -'.json'.length), load],
  ),
);
const MESSAGE_FILES = [FALLBACK_LOCALE, ...Object.keys(loaders)];

interface I18nState {
  /** The message file in use, e.g. 'de-DE'. */
  locale: string;
  messages: Messages;
}
const i18nStore = createStore<I18nState>({ locale: FALLBACK_LOCALE, messages: enUS });

/**
 * Makes a message file active, loading it on first use. English needs no load; a file that fails to
 * load leaves English active (SPEC 8). Returns the file now in use.
 */
export async function loadMessages(
  locale: string,
  loaderMap: Record<string, Loader> = loaders,
): Promise<string> {
  if (locale === i18nStore.get().locale) return locale;
  const load = loaderMap[locale];
  if (!load) {
    i18nStore.set({ locale: FALLBACK_LOCALE, messages: enUS });
    return FALLBACK_LOCALE;
  }
  try {
    const messages = (await load()).default;
    i18nStore.set({ locale, messages });
    return locale;
  } catch {
    i18nStore.set({ locale: FALLBACK_LOCALE, messages: enUS });
    return FALLBACK_LOCALE;
  }
}

/** Translate outside React (the API client's snack texts). */
export function translate(key: MessageKey, params?: MessageParams): string {
  return resolveMessage(i18nStore.get().messages, enUS, key, params);
}

export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** `const t = useT(); t('auth.login.submit')` — re-renders when the locale changes. */
export function useT(): Translate {
  const { messages } = useStore(i18nStore);
  return useCallback((key, params) => resolveMessage(messages, enUS, key, params), [messages]);
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
  const { locale, messages } = i18nStore.get();
  const key = `errors.${code}`;
  const translated = locale === FALLBACK_LOCALE ? undefined : lookup(messages, key);
  return translated ?? (serverMessage || lookup(enUS, key));
}

const coreMessageKeys = new Map<string, CoreMessageKey>(
  (Object.entries(CoreMessages) as [CoreMessageKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * Translates a text produced by core's rules (a validation message, `loginFailureMessage(...)`): core speaks
 * the spec's English; its `Messages` key names the `messages.*` entry of the locale files. Texts that are not
 * core messages are shown as they are. An API error is translated by its code instead (`errorText`).
 */
export function translateCoreMessage(t: Translate, text: string): string {
  const key = coreMessageKeys.get(text);
  return key ? t(`messages.${key}`) : text;
}
