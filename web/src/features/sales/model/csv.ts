import { DEFAULT_CURRENCY_DECIMALS, type CurrencyDisplay } from '@portal/core/shared';
import type { SalesAnswer, SalesGroupBy } from '@portal/core/sales';
import { isTimeGrouping } from './sales-filter.ts';

/**
 * The sales CSV (ADR 017): data a spreadsheet can sum, not the screen's texts. Time groups by
 * their ISO key (day and week's Monday YYYY-MM-DD, month YYYY-MM), stores and products by name and the
 * id users know them by (customer store ID, article no.), plain numbers (dot decimal, the currency's
 * decimals, no symbol or grouping) and the currency's ISO code in a column of its own. Written by
 * csv-stringify (RFC 4180 quoting, CRLF, a UTF-8 BOM so spreadsheets read umlauts; texts starting with
 * =, +, -, @, tab or CR get an apostrophe against formula injection, numbers never). Its browser build
 * carries a Buffer shim (~25 KB minified), so it is loaded on the first export only, not with the app.
 */
export interface SalesCsvHeaders {
  group: string;
  id: string;
  quantity: string;
  amount: string;
  currency: string;
}

type Cell = string | number;

export async function salesCsv(
  answer: Pick<SalesAnswer, 'sales'>,
  groupBy: SalesGroupBy,
  currency: CurrencyDisplay,
  headers: SalesCsvHeaders,
): Promise<string> {
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  const idOf =
    groupBy === 'store'
      ? (g: SalesAnswer['sales'][number]) => g.customerStoreId ?? ''
      : groupBy === 'product'
        ? (g: SalesAnswer['sales'][number]) => g.key
        : null;
  const header: Cell[] = [headers.group, ...(idOf ? [headers.id] : []), headers.quantity, headers.amount, headers.currency];
  const amountColumn = header.length - 2;
  const rows: Cell[][] = answer.sales.map((g) => [
    isTimeGrouping(groupBy) ? g.key : g.label || g.key,
    ...(idOf ? [idOf(g)] : []),
    g.quantity,
    g.amountCents / 100,
    currency.isoCode,
  ]);
  const decimals = Math.min(20, Math.max(0, Math.trunc(currency.decimals ?? DEFAULT_CURRENCY_DECIMALS)));
  return stringify([header, ...rows], {
    bom: true,
    record_delimiter: 'windows',
    // A lone CR or LF in a label is a line break to Excel: quoted, as RFC 4180 asks (CRLF records alone quote only CRLF).
    quoted_match: /[\r\n]/,
    escape_formulas: true,
    cast: { number: (value, context) => (context.column === amountColumn ? value.toFixed(decimals) : String(value)) },
  });
}

/** A file-name part: letters, digits, '.', '_' and '-' only (other characters become '-'), at most 40. */
export function fileNamePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/**
 * The file name carries the filters: `sales_<retailer>_<start>_<end>_<groupBy>[_store-<id>][_ean-<ean>].csv`.
 */
export function salesCsvFileName(input: {
  retailer: string;
  startDate: string;
  endDate: string;
  groupBy: string;
  storeId?: string;
  ean?: string;
}): string {
  const parts = [
    'sales',
    fileNamePart(input.retailer),
    input.startDate,
    input.endDate,
    input.groupBy,
    input.storeId ? `store-${fileNamePart(input.storeId)}` : '',
    input.ean ? `ean-${fileNamePart(input.ean)}` : '',
  ].filter(Boolean);
  return `${parts.join('_')}.csv`;
}

/** Saves a CSV text as a file (a Blob download). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
