/** Display helpers of My Account (pure). */

export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

/** A calendar date without a time of day ('1 March 2025' / 'March 1, 2025' / '1. März 2025'). */
export function formatDay(isoDay: string, locale: string): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDay;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * A locale's name in the interface language, e.g. 'German (Germany)' for de-DE. The connect portal's
 * lower-case codes (de-de, en-en) name no valid region: then only the language is named, with the code.
 */
export function localeName(code: string, displayLocale: string): string {
  const [language = code, region] = code.split('-');
  try {
    const languages = new Intl.DisplayNames([displayLocale], { type: 'language' });
    const regions = new Intl.DisplayNames([displayLocale], { type: 'region' });
    const languageLabel = languages.of(language.toLowerCase()) ?? code;
    const upperRegion = region?.toUpperCase();
    const regionLabel = upperRegion && /^[A-Z]{2}$/.test(upperRegion) ? regions.of(upperRegion) : undefined;
    const knownRegion = regionLabel && regionLabel !== upperRegion ? regionLabel : undefined;
    return knownRegion ? `${languageLabel} (${knownRegion})` : `${languageLabel} (${code})`;
  } catch {
    return code;
  }
}
