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

/** Locales of the ordering portal (SPEC 9); the connect portal's en-en/de-de/pl-pl map onto them. */
export const SUPPORTED_LOCALES = ['en-US', 'de-DE', 'fr-FR', 'pl-PL'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/**
 * Maps what a user record or browser says (`de_DE`, `de-de`, `de`, `en-en`) onto a supported locale by
 * language; anything unsupported becomes the fallback.
 */
export function normalizeLocale(input: string | null | undefined): SupportedLocale {
  const language = (input ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return SUPPORTED_LOCALES.find((l) => l.slice(0, 2).toLowerCase() === language) ?? FALLBACK_LOCALE;
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
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
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

type Loader = () => Promise<{ default: Messages }>;
/** One lazy chunk per locale file except the bundled fallback. */
const loaders: Record<string, Loader> = Object.fromEntries(
  Object.entries(import.meta.glob<{ default: Messages }>(['./*.json', '!./en-US.json'])).map(([file, load]) => [
    file.slice(2, -'.json'.length),
    load,
  ]),
);

interface I18nState {
  locale: SupportedLocale;
  messages: Messages;
}
const i18nStore = createStore<I18nState>({ locale: FALLBACK_LOCALE, messages: enUS });

/** Loads a locale and makes it active. Unknown or failing locales leave English active. */
export async function loadLocale(
  requested: string | null | undefined,
  loaderMap: Record<string, Loader> = loaders,
): Promise<SupportedLocale> {
  const locale = normalizeLocale(requested);
  if (locale === i18nStore.get().locale) return locale;
  const load = loaderMap[locale];
  if (!load) {
    i18nStore.set({ locale, messages: enUS });
    return locale;
  }
  try {
    const messages = (await load()).default;
    i18nStore.set({ locale, messages });
  } catch {
    i18nStore.set({ locale: FALLBACK_LOCALE, messages: enUS });
    return FALLBACK_LOCALE;
  }
  return locale;
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
 * Maps a validation message produced by a core schema (English, e.g. 'Value is required') onto the
 * active locale via the `validation.*` keys; unknown messages are shown as they are.
 */
export function translateValidation(t: Translate, message: string): string {
  const validation = enUS.validation as Record<string, string>;
  const key = Object.keys(validation).find((k) => validation[k] === message);
  return key ? t(`validation.${key}` as MessageKey) : message;
}
