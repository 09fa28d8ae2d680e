import type { English } from '../i18n/catalogues.ts';

/** Every catalogue of a locale in one tree: what the app holds once every feature has loaded. */
const merged = (files: Record<string, unknown>) => Object.assign({}, ...Object.values(files)) as English;

export const enUS = merged(import.meta.glob('../i18n/en-US/*.json', { eager: true, import: 'default' }));
export const deDE = merged(import.meta.glob('../i18n/de-DE/*.json', { eager: true, import: 'default' }));
