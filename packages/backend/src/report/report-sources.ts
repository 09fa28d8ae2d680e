import { TransactionFilter } from '@portal/core/transaction';
import { type ConnectSalesQuery } from '@portal/core/sales';
import {
  REPORT,
  type ReportFilter,
  type ReportType,
  reportColumnsProblem,
  reportFilterProblem,
  type ReportLanguage,
  reportNameIn,
} from '@portal/core/report';
import { getCustomer } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import { type ExportContext, SALES_COLUMNS, salesSource, TRANSACTION_COLUMNS, transactionSource } from '../export/index.ts';
import type { Db } from '../platform/db/client.ts';
import { type ExportColumn, type ExportRow, localiseColumns } from '../platform/jobs/file-columns.ts';
import { COUPON_STATUS_COLUMNS, couponStatusRows, countCouponStatusRows } from './report-sources-coupon-status.ts';
import { countOrderRows, needsOrderValue, ORDER_COLUMNS, orderRows } from './report-sources-orders.ts';

/**
 * What a report reads (ADR 043): one source per report type, bound to a report definition and
 * one run (a customer, a period of calendar days in the report's time zone, a filter). The runner writes
 * its pages with the export's writers (ADR 033). Transactions and sales ARE the export's sources (the
 * same rows as the Transactions screen and export, the same answer as the Sales section); coupon status
 * and orders are read here. Every read is keyed by run.customerId: no other customer's rows can come.
 * The permission and the customer scope were checked when the job was made (report-job-service.ts);
 * a source only reads.
 */

/** The definition fields a source needs (report-entity.ts's ReportDefinition fits as it is). */
export type ReportSourceDefinition = {
  processId: string;
  name: string;
  customerId?: string;
  reportType: ReportType;
  filter: ReportFilter;
  columns: readonly string[];
};

/** One run: calendar days (both inclusive) in `timeZone`; `filterOverride` replaces the definition's fields it sets. */
/** `language` names the files and words their headers and labels (ADR 054); English when not given. */
export type ReportRun = {
  customerId: string;
  dateFrom: string;
  dateUntil: string;
  timeZone: string;
  filterOverride?: ReportFilter;
  language?: ReportLanguage;
};

/** `asOf` (epoch ms, the job's creation): rows booked later are left out, so count() and rows() agree. */
export type ReportSourceDeps = { db: Db; asOf?: number };

export type ReportSource = {
  reportType: ReportType;
  /** The definition's columns in its order (every column of the type when it chose none). */
  columns: readonly ExportColumn[];
  /** Rows expected: exact for transactions, sales and orders; an upper bound for coupon status (see its module). */
  count(): Promise<number>;
  /** Every row, one page at a time, in the file's order. */
  rows(): AsyncIterable<ExportRow[]>;
  /** The file name without part number or extension. */
  fileStem: string;
  /** The report's name in the run's language: the XLSX sheet's name (ADR 054). */
  title: string;
};

/** Each type's columns in REPORT_COLUMNS order, with their English headers and cell kinds. */
export const REPORT_SOURCE_COLUMNS: Record<ReportType, readonly ExportColumn[]> = {
  transactions: TRANSACTION_COLUMNS,
  sales: SALES_COLUMNS,
  'coupon-status': COUPON_STATUS_COLUMNS,
  orders: ORDER_COLUMNS,
};

/** The chosen columns in their order; a column the type lacks (or a repeat) is a 400 REPORT.COLUMNS_INVALID. */
export function reportColumnsOf(reportType: ReportType, columns: readonly string[]): readonly ExportColumn[] {
  const all = REPORT_SOURCE_COLUMNS[reportType];
  if (columns.length === 0) return all;
  const problem = reportColumnsProblem(reportType, columns);
  if (problem) throw new AppError('input', REPORT.COLUMNS_INVALID, problem, { issues: [{ path: 'columns', message: problem }] });
  return columns.map((key) => all.find((c) => c.key === key)!);
}

const filterInvalid = (path: string, message: string) =>
  new AppError('input', REPORT.FILTER_INVALID, 'The report filter is not valid', { issues: [{ path: `filter.${path}`, message }] });

/** The definition's filter with the run's override laid over it, checked against what the type takes. */
export function effectiveFilter(reportType: ReportType, filter: ReportFilter, override: ReportFilter | undefined): ReportFilter {
  const merged: ReportFilter = { ...filter, ...override };
  // A field the override sets to undefined is absent from the result, not present as undefined.
  for (const [field, value] of Object.entries(merged)) if (value === undefined) Reflect.deleteProperty(merged, field);
  const problem = reportFilterProblem(reportType, merged);
  if (problem) throw filterInvalid(problem.field, problem.message);
  return merged;
}

/** The transaction filter of a run (serial normalised like the screen's: spaces and dashes dropped). */
export function transactionFilterOf(run: ReportRun, filter: ReportFilter): TransactionFilter {
  const parsed = TransactionFilter.safeParse({
    customerId: run.customerId,
    startDate: run.dateFrom,
    endDate: run.dateUntil,
    type: filter.type,
    resultCode: filter.resultCode,
    result: filter.result,
    serial: filter.serial,
    terminalId: filter.terminalId,
    ean: filter.ean,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw filterInvalid(issue.path.join('.'), issue.message);
  }
  return parsed.data;
}

/** A report name as a file name part: accents dropped (Umsätze → Umsatze), anything else not [A-Za-z0-9._-] a dash. */
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'report';

export function reportSource(definition: ReportSourceDefinition, run: ReportRun, deps: ReportSourceDeps): ReportSource {
  if (definition.customerId !== undefined && definition.customerId !== run.customerId) {
    // A caller's mistake, never a user's: a report is read for its own customer only.
    throw new Error(`Report ${definition.processId} belongs to ${definition.customerId}, not ${run.customerId}`);
  }
  const { reportType } = definition;
  const columns = reportColumnsOf(reportType, definition.columns);
  const filter = effectiveFilter(reportType, definition.filter, run.filterOverride);
  const asOf = deps.asOf ?? Date.now();
  const ctx: ExportContext = { db: deps.db, timeZone: run.timeZone, username: `report:${definition.processId}`, asOf };
  const language = run.language ?? 'en';
  const title = reportNameIn(definition, language);
  const fileStem = `${slug(title)}_${run.customerId}_${run.dateFrom}_${run.dateUntil}`.replace(/[^A-Za-z0-9._-]/g, '-');
  // Headers and code labels in the run's language, each code column kept beside its label (ADR 054).
  const base = { reportType, columns: localiseColumns(columns, language), fileStem, title };

  switch (reportType) {
    case 'transactions': {
      const txFilter = transactionFilterOf(run, filter);
      return { ...base, count: () => transactionSource.count(txFilter, ctx), rows: () => transactionSource.rows(txFilter, ctx) };
    }
    case 'sales': {
      // Whose figures: the filter's choice, else the customer's own kind (a provider's general sales report
      // shows its products' sales; a customer that is both counts as a retailer, like the section's default).
      let query: Promise<ConnectSalesQuery> | undefined;
      const queryOf = () =>
        (query ??= (async () => ({
          customerId: run.customerId,
          startDate: run.dateFrom,
          endDate: run.dateUntil,
          groupBy: filter.groupBy ?? 'day',
          customerType:
            filter.customerType ?? ((await getCustomer(deps.db, run.customerId))?.kind === 'provider' ? 'provider' : 'retailer'),
        }))());
      // The section's own answer (export/sales-source.ts); count() and rows() each ask it (a few calls: one page).
      return {
        ...base,
        count: async () => salesSource.count(await queryOf(), ctx),
        async *rows() {
          yield* salesSource.rows(await queryOf(), ctx);
        },
      };
    }
    case 'coupon-status': {
      const txFilter = transactionFilterOf(run, filter);
      return {
        ...base,
        count: () => countCouponStatusRows(deps.db, txFilter, run.timeZone, asOf),
        rows: () => couponStatusRows(deps.db, txFilter, run.timeZone, asOf),
      };
    }
    case 'orders': {
      const period = { customerId: run.customerId, dateFrom: run.dateFrom, dateUntil: run.dateUntil, timeZone: run.timeZone, asOf };
      return {
        ...base,
        count: () => countOrderRows(deps.db, period),
        rows: () => orderRows(deps.db, period, { withValue: needsOrderValue(columns) }),
      };
    }
  }
}
