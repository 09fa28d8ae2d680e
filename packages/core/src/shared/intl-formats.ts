/**
 * Intl's formats, made once per locale and options. Building one costs ~0.1–0.3 ms (4x that on the phone profile),
 * and a list formats every row's dates, numbers and amounts with the same few (ADR 135: a page of transactions spent
 * ~1 s at 4x CPU building them). The one place browser and server code get a number or date format from.
 */

const FALLBACK_LOCALE = 'en-US';
/** A session uses a handful of formats; the bound only keeps a long-lived process from collecting every variant. */
const MAX_MADE = 200;

/** A bounded memo: `remember(key, make)` returns what `make` built for `key` before, or builds it now. */
function memo<T>(): (key: string, make: () => T) => T {
  const made = new Map<string, { value: T }>();
  return (key, make) => {
    const hit = made.get(key);
    if (hit) return hit.value;
    const value = make();
    if (made.size >= MAX_MADE) made.clear();
    made.set(key, { value });
    return value;
  };
}

/** `make(key)` remembered by key (bounded); a `make` that throws is asked again next time. */
export function madeOnce<T>(make: (key: string) => T): (key: string) => T {
  const remember = memo<T>();
  return (key) => remember(key, () => make(key));
}

const numberFormats = memo<Intl.NumberFormat>();
const dateFormats = memo<Intl.DateTimeFormat>();

/**
 * Intl's number format for a locale and options. A malformed locale tag formats as en-US rather than failing the
 * page; options Intl refuses (an unknown currency) still throw.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return numberFormats(`${locale}|${JSON.stringify(options)}`, () => {
    try {
      return new Intl.NumberFormat(locale, options);
    } catch (error) {
      if (error instanceof RangeError && locale !== FALLBACK_LOCALE) return numberFormat(FALLBACK_LOCALE, options);
      throw error;
    }
  });
}

/**
 * Intl's date format for a locale and options. What Intl cannot read falls back rather than breaking the page: an
 * unknown zone is left out (the machine's zone, in the locale), a malformed locale reads as en-US.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return dateFormats(`${locale}|${JSON.stringify(options)}`, () => {
    const { timeZone: _zone, ...withoutZone } = options;
    const attempts: [string, Intl.DateTimeFormatOptions][] = [
      [locale, options],
      [locale, withoutZone],
      [FALLBACK_LOCALE, options],
    ];
    for (const [l, o] of attempts) {
      try {
        return new Intl.DateTimeFormat(l, o);
      } catch {
        // The next, plainer format.
      }
    }
    return new Intl.DateTimeFormat(FALLBACK_LOCALE, withoutZone);
  });
}
