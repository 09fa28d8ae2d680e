/** Display helpers of My Account (pure); dates are lib/user-format's. */

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
