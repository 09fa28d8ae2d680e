/**
 * CSV export of exactly what the sales table shows (RFC 4180: comma separated, CRLF line ends, fields
 * quoted when they hold a comma, quote, or line break; quotes doubled), as UTF-8 with a byte-order mark so
 * spreadsheet programs read umlauts and currency symbols right. Pure, unit-tested; `downloadCsv` is the
 * browser part.
 */

export const UTF8_BOM = '\uFEFF';

/**
 * One field. Besides RFC 4180 quoting, a text starting with =, +, -, @, tab or carriage return is
 * prefixed with an apostrophe so a spreadsheet does not run it as a formula (CSV injection); a negative
 * number on screen ('-12' or '−€3.00') stays as it is.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-[\d.,\s]+$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(fields: readonly (string | number)[]): string {
  return fields.map(csvField).join(',');
}

/** The whole file: BOM, header row, data rows, CRLF after every row. */
export function buildCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `${UTF8_BOM}${[header, ...rows].map(csvRow).join('\r\n')}\r\n`;
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
