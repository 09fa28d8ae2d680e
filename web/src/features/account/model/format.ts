/** Display helpers of My Account (pure); dates are lib/user-format's. */

/**
 * A locale's language as the label set names languages (SPEC 9: English, German, French, Polish, …, no
 * region), in that language itself, so that a reader finds theirs whatever the interface shows: 'Deutsch'
 * for de-DE and de-de, 'Polski' for pl-PL and pl-pl, 'English' for en-US and en-en.
 */
export function languageName(code: string): string {
  const language = code.slice(0, 2).toLowerCase();
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? code;
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return code;
  }
}
