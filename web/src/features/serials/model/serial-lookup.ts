import type { SerialLookupResult, Transaction, TransactionResult } from '@portal/core/transaction';
import type { MasterData } from '@portal/core/masterdata';
import { parseSerialList } from '@portal/core/couponing';
import { DEFAULT_CURRENCY_DECIMALS, type SerialStatus } from '@portal/core/shared';
import type { AlertTheme } from '../../../lib/snack.ts';
import { formatDecimal, numberFormat } from '../../../lib/user-format.ts';
import { SERIAL_STATUS_THEME as SHARED_SERIAL_STATUS_THEME } from '../../../components/serial-status-theme.ts';

/**
 * The Serial Numbers screen's rules (pure, unit-tested). The serials looked up live in the URL
 * (`?serials=a,b,c`), so a lookup is a link and the back button steps through lookups; what the box
 * holds is read with core's parseSerialList, the same parser as couponing's "enter serial numbers" step.
 */

export const SERIALS_PARAM = 'serials';

/** The serials a URL asks for: its list read by the box's parser (bad or surplus entries are left out). */
export const serialsOfParams = (params: URLSearchParams): string[] => parseSerialList(params.get(SERIALS_PARAM) ?? '').serials;

/** The URL parameters of a lookup. */
export const paramsOfSerials = (serials: readonly string[]) => new URLSearchParams({ [SERIALS_PARAM]: serials.join(',') });

/** The box's text for serials asked for in the URL: one a line. */
export const textOfSerials = (serials: readonly string[]) => serials.join('\n');

/** How many serials were found and not found. */
export function lookupCounts(results: readonly SerialLookupResult[]) {
  const found = results.filter((r) => r.found).length;
  return { found, notFound: results.length - found };
}

/** A transaction's result as a badge colour: approved green, declined orange, error red. */
export const RESULT_THEME: Record<TransactionResult, AlertTheme> = { approved: 'green', declined: 'orange', error: 'red' };

/** Badge colours of the card and serial statuses (SPEC 4): usable green, done blue, cancelled orange, blocked red. */
export const CARD_STATUS_THEME: Record<string, AlertTheme> = {
  activated: 'green',
  issued: 'green',
  voided: 'orange',
  redeemed: 'blue',
  deactivated: 'red',
  failed: 'red',
};
/** The serial statuses' colours; a lookup's several results are no status of their own here (gray). */
export const SERIAL_STATUS_THEME: Partial<Record<SerialStatus, AlertTheme>> = { ...SHARED_SERIAL_STATUS_THEME, multipleResults: 'gray' };

/** A transaction type's master-data name; its id when master data does not know it (yet). */
export const typeName = (typeId: string, types: MasterData['transactionTypes'] | undefined): string =>
  types?.find((t) => t.transactionTypeId === typeId)?.name ?? typeId;

/**
 * A transaction's amount (minor units of its currency) as money in the locale, with the currency's
 * master-data decimals (default 2): 2500 EUR → '€25.00' / '25,00 €'. An unknown code is shown beside the number.
 */
export function amountText(
  tx: Pick<Transaction, 'amount' | 'currency'>,
  currencies: MasterData['currencies'] | undefined,
  locale: string,
): string {
  const decimals = currencies?.find((c) => c.currencyId === tx.currency)?.decimals ?? DEFAULT_CURRENCY_DECIMALS;
  const value = tx.amount / 10 ** decimals;
  const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  try {
    return numberFormat(locale, { style: 'currency', currency: tx.currency, ...digits }).format(value);
  } catch {
    return `${formatDecimal(value, locale, decimals)} ${tx.currency}`;
  }
}
