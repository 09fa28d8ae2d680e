import type { English } from '../i18n/catalogues.ts';

const files = import.meta.glob<Record<string, unknown>>('../i18n/*/*.json', { eager: true, import: 'default' });

/** Every catalogue of each locale in one tree: what the app holds once every feature has loaded. */
export const catalogues: Record<string, English> = {};
for (const [path, tree] of Object.entries(files)) {
  const locale = path.split('/')[2]!;
  catalogues[locale] = Object.assign(catalogues[locale] ?? ({} as English), tree);
}

export const enUS = catalogues['en-US']!;
export const deDE = catalogues['de-DE']!;
