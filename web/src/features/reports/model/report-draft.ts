import { CustomReportInput, REPORT_COLUMNS, REPORT_FILTER_FIELDS, type Report, ReportFilter, type ReportType } from '@portal/core/report';
import type { ExportFormat } from '@portal/core/export';

/**
 * A custom report's definition as the form holds it (ADR 044): texts as typed ('' = no filter on
 * that field), the chosen columns in the type's order. Nothing typed is changed by a check or a failed save.
 */
export type FilterKey = keyof ReportFilter;
/** A key of the contract's filter (what a saved report's filter object may hold). */
export const isFilterKey = (key: string): key is FilterKey => Object.hasOwn(ReportFilter.shape, key);
/** A sales report's groupings, in the contract's order. */
export const REPORT_GROUP_BY = ['day', 'week', 'month', 'product', 'store'] as const satisfies readonly NonNullable<
  ReportFilter['groupBy']
>[];
export interface ReportDraft {
  name: string;
  reportType: ReportType;
  filter: Partial<Record<FilterKey, string>>;
  columns: string[];
  format: ExportFormat;
}

export const newReportDraft = (reportType: ReportType = 'transactions'): ReportDraft => ({
  name: '',
  reportType,
  filter: {},
  columns: [...REPORT_COLUMNS[reportType]],
  format: 'csv',
});

export function draftOf(report: Pick<Report, 'name' | 'reportType' | 'filter' | 'columns' | 'format'>): ReportDraft {
  const filter: ReportDraft['filter'] = {};
  for (const [key, value] of Object.entries(report.filter)) if (value !== undefined && isFilterKey(key)) filter[key] = String(value);
  return { name: report.name, reportType: report.reportType, filter, columns: [...report.columns], format: report.format };
}

/** Another type keeps the name and format; its filter fields and columns start afresh. */
export const withReportType = (draft: ReportDraft, reportType: ReportType): ReportDraft =>
  draft.reportType === reportType ? draft : { ...newReportDraft(reportType), name: draft.name, format: draft.format };

/** A column on or off; the chosen ones stay in the type's order (the file's column order). */
export function withColumn(draft: ReportDraft, column: string, on: boolean): ReportDraft {
  const chosen = new Set(draft.columns);
  if (on) chosen.add(column);
  else chosen.delete(column);
  const all: readonly string[] = REPORT_COLUMNS[draft.reportType];
  return { ...draft, columns: all.filter((c) => chosen.has(c)) };
}

/** What is sent: the type's filter fields that are set, trimmed. */
export function reportInput(draft: ReportDraft, customerId: string) {
  const filter: Record<string, string> = {};
  const fields: readonly FilterKey[] = REPORT_FILTER_FIELDS[draft.reportType];
  for (const key of fields) {
    const value = draft.filter[key]?.trim();
    if (value) filter[key] = value;
  }
  return { customerId, name: draft.name, reportType: draft.reportType, filter, columns: draft.columns, format: draft.format };
}

/** The draft's problems by field (`name`, `columns`, `filter.<key>`), the contract's own checks. */
export function draftProblems(draft: ReportDraft, customerId: string): Record<string, string> {
  const parsed = CustomReportInput.safeParse(reportInput(draft, customerId || 'none'));
  return parsed.success ? {} : issuesByField(parsed.error.issues);
}

/** Issues keyed by their dotted path (the first per field), e.g. `filter.ean`. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    out[path] ??= issue.message;
  }
  return out;
}
