import type { Transaction } from '@portal/core/transaction';
import type { MasterData } from '@portal/core/masterdata';
import { type CurrencyDisplay, DEFAULT_CURRENCY_DECIMALS, formatAmount, numberFormat } from '@portal/core/shared';
import { optionalText } from '../../../i18n/index.ts';

/**
 * How a transaction's values read on screen (pure, unit-tested): the amount in its own currency with that
 * currency's decimals (master data `currencies`; amounts are minor units), the type by its master-data name.
 */

type Currencies = MasterData['currencies'];
type TransactionTypes = MasterData['transactionTypes'];

/** The symbol Intl writes for an ISO currency in a locale ('€', 'CHF', 'zł'); the code when Intl has none. */
export function currencySymbol(isoCode: string, locale: string): string {
  try {
    // The format is made once per currency and locale: a list asks for every row's symbol (ADR 135).
    const parts = numberFormat(locale, { style: 'currency', currency: isoCode, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? isoCode;
  } catch {
    return isoCode;
  }
}

/** A currency as formatAmount shows it: its master-data decimals (default 2) and the locale's symbol. */
export function currencyDisplay(isoCode: string, currencies: Currencies | undefined, locale: string): CurrencyDisplay {
  const known = currencies?.find((c) => c.currencyId === isoCode);
  return { isoCode, symbol: currencySymbol(isoCode, locale), decimals: known?.decimals ?? DEFAULT_CURRENCY_DECIMALS };
}

/** A transaction's amount (minor units of its currency) as money in the locale: 1250 EUR → '€12.50'. */
export function amountText(tx: Pick<Transaction, 'amount' | 'currency'>, currencies: Currencies | undefined, locale: string): string {
  const currency = currencyDisplay(tx.currency, currencies, locale);
  return formatAmount(tx.amount / 10 ** (currency.decimals ?? DEFAULT_CURRENCY_DECIMALS), currency, locale);
}

/**
 * A transaction type's name in the reader's language where the catalogue knows its id (`transactions.types.<id>`),
 * else its master-data name (one language, the processor's), else its id when master data does not know it (yet).
 */
export const typeName = (typeId: string, types: TransactionTypes | undefined): string =>
  optionalText(`transactions.types.${typeId}`) ?? types?.find((t) => t.transactionTypeId === typeId)?.name ?? typeId;
