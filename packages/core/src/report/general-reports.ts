import type { ExportFormat } from '../export/export-file.ts';
import { REPORT_COLUMNS, REPORT_FILTER_FIELDS, type ReportFilter, type ReportType } from './report.ts';

/**
 * The general reports (SPEC 9 "brand report IDs"; ADR 040): fixed definitions a brand offers every one
 * of its customers by listing their IDs in BrandSettings.customFields.reportIds. Nobody edits them; their
 * schedule and mailing list are per customer (processId `gen.<reportId>.<customerId>`, generalProcessId).
 * `nameKey` is the screens' catalogue key, `name` the English name (the API's `name`); `names` the name in
 * each language the portal speaks, used by mails and file names (ADR 054) — the screens' catalogues hold
 * the same texts (a web test compares them).
 */
export type GeneralReport = {
  reportType: ReportType;
  filter: ReportFilter;
  columns: readonly string[];
  format: ExportFormat;
  nameKey: string;
  name: string;
  names: Record<ReportNameLanguage, string>;
  /** Which customers have the data: coupon cards and ordering-portal orders are a retailer's only. */
  customerKinds: readonly ('retailer' | 'provider')[];
};

const ALL_CUSTOMERS = ['retailer', 'provider'] as const;

/** One general report: every column of its type, its English name as the API's `name`; CSV for both kinds of customer unless said. */
function generalReport<const T extends ReportType, const K extends string>(
  reportType: T,
  nameKey: K,
  names: Record<ReportNameLanguage, string>,
  more: { filter?: ReportFilter; format?: ExportFormat; customerKinds?: GeneralReport['customerKinds'] } = {},
) {
  const { filter = {}, format = 'csv', customerKinds = ALL_CUSTOMERS } = more;
  return {
    reportType,
    filter,
    columns: REPORT_COLUMNS[reportType],
    format,
    nameKey,
    name: names.en,
    names,
    customerKinds,
  } satisfies GeneralReport;
}

/** A sales report grouped by day, product or store. */
const salesReport = <const K extends string>(groupBy: 'day' | 'product' | 'store', nameKey: K, names: Record<ReportNameLanguage, string>) =>
  generalReport('sales', nameKey, names, { filter: { groupBy } });

export const GENERAL_REPORTS = {
  transactions: generalReport('transactions', 'reports.general.transactions', {
    en: 'Transactions',
    de: 'Transaktionen',
    fr: 'Transactions',
    pl: 'Transakcje',
  }),
  'sales-by-day': salesReport('day', 'reports.general.salesByDay', {
    en: 'Sales by day',
    de: 'Umsätze nach Tag',
    fr: 'Ventes par jour',
    pl: 'Sprzedaż według dni',
  }),
  'sales-by-product': salesReport('product', 'reports.general.salesByProduct', {
    en: 'Sales by product',
    de: 'Umsätze nach Produkt',
    fr: 'Ventes par produit',
    pl: 'Sprzedaż według produktów',
  }),
  'sales-by-store': salesReport('store', 'reports.general.salesByStore', {
    en: 'Sales by store',
    de: 'Umsätze nach Filiale',
    fr: 'Ventes par magasin',
    pl: 'Sprzedaż według sklepów',
  }),
  'coupon-status': generalReport(
    'coupon-status',
    'reports.general.couponStatus',
    { en: 'Coupon status', de: 'Gutscheinstatus', fr: 'Statut des coupons', pl: 'Status kuponów' },
    { format: 'xlsx', customerKinds: ['retailer'] },
  ),
  orders: generalReport(
    'orders',
    'reports.general.orders',
    { en: 'Orders', de: 'Bestellungen', fr: 'Commandes', pl: 'Zamówienia' },
    { customerKinds: ['retailer'] },
  ),
} satisfies Record<string, GeneralReport>;
export type GeneralReportId = keyof typeof GENERAL_REPORTS;
export const isGeneralReportId = (id: string): id is GeneralReportId => Object.hasOwn(GENERAL_REPORTS, id);
export const GENERAL_REPORT_IDS = Object.keys(GENERAL_REPORTS).filter(isGeneralReportId);

/** The processId of a general report for one customer. */
export const generalProcessId = (reportId: GeneralReportId, customerId: string) => `gen.${reportId}.${customerId}`;

/** The parts of a general processId, or null when it is none (a custom report's, or a bad one). */
export function parseGeneralProcessId(processId: string): { reportId: GeneralReportId; customerId: string } | null {
  const [, reportId, customerId] = /^gen\.([a-z-]+)\.(.+)$/.exec(processId) ?? [];
  if (reportId === undefined || customerId === undefined || !isGeneralReportId(reportId)) return null;
  return { reportId, customerId };
}

/** The languages of report mails and files: German for a `de…` locale, else English (ADR 042, 054). */
export type ReportLanguage = 'en' | 'de';
export const reportLanguageOf = (locale: string | null | undefined): ReportLanguage =>
  locale?.toLowerCase().startsWith('de') ? 'de' : 'en';
/** The languages a general report is named in: the files' two and the mails' four (ADR 090). */
export type ReportNameLanguage = ReportLanguage | 'fr' | 'pl';

/**
 * A report's name in a language (ADR 054): a general report's name from its definition's `names`; a
 * custom report's name exactly as its author typed it, in every language.
 */
export function reportNameIn(report: { processId: string; name: string }, language: ReportNameLanguage): string {
  const general = parseGeneralProcessId(report.processId);
  return general ? GENERAL_REPORTS[general.reportId].names[language] : report.name;
}

/** Whether the columns are a non-empty, duplicate-free subset of the type's; the first problem in words. */
export function reportColumnsProblem(reportType: ReportType, columns: readonly string[]): string | null {
  const allowed: readonly string[] = REPORT_COLUMNS[reportType];
  if (columns.length === 0) return 'Choose at least one column';
  const unknown = columns.find((c) => !allowed.includes(c));
  if (unknown) return `"${unknown}" is not a column of a ${reportType} report`;
  if (new Set(columns).size !== columns.length) return 'A column is chosen twice';
  return null;
}

/** The first filter field the type does not take, or null. */
export function reportFilterProblem(reportType: ReportType, filter: ReportFilter): { field: string; message: string } | null {
  const allowed: readonly string[] = REPORT_FILTER_FIELDS[reportType];
  const field = Object.entries(filter).find(([k, value]) => value !== undefined && !allowed.includes(k))?.[0];
  return field ? { field, message: `A ${reportType} report has no "${field}" filter` } : null;
}
