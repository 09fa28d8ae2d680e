import { DEFAULT_CURRENCY_DECIMALS } from './constants.ts';
import { numberFormat } from './intl-formats.ts';

export interface CurrencyDisplay {
  /** The symbol to show (the session's currencyObj.symbol), e.g. '€'. */
  symbol: string;
  /** Fraction digits; default 2 (SPEC 3). */
  decimals?: number;
  /** ISO 4217 code, e.g. 'EUR'. */
  isoCode: string;
}

/**
 * Formats an amount with the locale's number format and currency placement, but with the currency's
 * own symbol (the server's `symbol`, not Intl's) and its number of decimals (rounded half away from zero
 * by Intl). A value that rounds to zero shows no minus sign. If the ISO code is not a valid currency
 * code, the number is formatted as a decimal followed by a space and the symbol.
 */
export function formatAmount(amount: number, currency: CurrencyDisplay, locale: string): string {
  const decimals = Math.min(20, Math.max(0, Math.trunc(currency.decimals ?? DEFAULT_CURRENCY_DECIMALS)));
  const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals } as const;
  if (!/^[A-Za-z]{3}$/.test(currency.isoCode)) {
    const number = numberFormat(locale, { ...digits, signDisplay: 'negative' }).format(amount);
    return currency.symbol ? `${number} ${currency.symbol}` : number;
  }
  const parts = numberFormat(locale, {
    ...digits,
    style: 'currency',
    currency: currency.isoCode,
    currencyDisplay: 'narrowSymbol',
    signDisplay: 'negative',
  }).formatToParts(amount);
  return parts.map((part) => (part.type === 'currency' ? currency.symbol || currency.isoCode : part.value)).join('');
}
