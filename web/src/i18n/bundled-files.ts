import type { Tree } from './catalogues.ts';

const files = import.meta.glob<{ default: Tree }>(['./*/shared.json', './*/auth.json', '!./en-US/*.json']);

/**
 * The loader of a bundled catalogue (`shared`, `auth`) in another locale than English (English's ship in the entry):
 * one chunk each, loaded when the locale is chosen. The glob above serves the dev server and the tests; a production
 * build replaces this module (web/build/catalogue-files.ts, ADR 143) by one file per locale holding both, which the
 * login page and every page of a user of that locale load together anyway.
 */
export const bundledFile = (locale: string, name: string): (() => Promise<{ default: Tree }>) | undefined =>
  files[`./${locale}/${name}.json`];

/** The locales with message files besides English, e.g. ['de-DE'] (every locale has every catalogue, ADR 088). */
export const LOCALES = [...new Set(Object.keys(files).map((file) => file.split('/')[1] ?? ''))];
