import type { Tree } from './catalogues.ts';

/**
 * Every catalogue file loaded with a feature (catalogues.ts): English and the other locales, one chunk each.
 * Vite expands the glob at build time; this map is itself a chunk, loaded on first use (ADR 121).
 */
export const catalogueFiles = import.meta.glob<{ default: Tree }>(['./*/*.json', '!./*/shared.json', '!./*/auth.json']);
