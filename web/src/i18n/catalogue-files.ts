import type { Tree } from './catalogues.ts';

const files = import.meta.glob<{ default: Tree }>(['./*/*.json', '!./*/shared.json', '!./*/auth.json']);

/**
 * The loader of one feature catalogue in one locale (catalogues.ts), or undefined when that locale has no such file.
 * The glob above serves the dev server and the tests. A production build replaces this module with one hash per
 * catalogue and file names made from it (web/build/catalogue-files.ts, ADR 143): the glob's ~100 hashed file names
 * would otherwise ride in the data layer every signed-in page loads. Loaded on first use (ADR 121).
 */
export const catalogueFile = (locale: string, name: string): (() => Promise<{ default: Tree }>) | undefined =>
  files[`./${locale}/${name}.json`];
