import {
  DEFAULT_TRANSACTION_PAGE_SIZE,
  TRANSACTION_MAX_RANGE_DAYS,
  TRANSACTION_PAGE_SIZES,
  TransactionFilter,
  TransactionQuery,
} from '@portal/core/transaction';
import { type CalendarDate, DATE_PRESETS, type DatePreset, isOneOf, presetDates } from '@portal/core/shared';

/**
 * The Transactions section's filter (SPEC 3 "Transaction filter fields" + the customer) and paging, as they
 * live in the URL (shareable, the back button steps through searches), and how they become the query of
 * GET /api/transactions. The rules are core's (TransactionFilter, TransactionQuery); this file only says
 * which field breaks which rule, so the screen words it through i18n. Pure, unit-tested.
 */

export const FILTER_FIELDS = ['customerId', 'startDate', 'endDate', 'type', 'resultCode', 'result', 'serial', 'terminalId', 'ean'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** Transactions always need a range: every SPEC 4 preset but 'none'; 'custom' once a date is typed. */
export type RangePreset = Exclude<DatePreset, 'none'> | 'custom';
export const TRANSACTION_PRESETS: readonly Exclude<DatePreset, 'none'>[] = DATE_PRESETS.filter(
  (preset): preset is Exclude<DatePreset, 'none'> => preset !== 'none',
);
/** ADR 036: the last 7 days, today included (the `week` preset), a range every filter answers completely on a busy customer. */
export const DEFAULT_PRESET = 'week' satisfies RangePreset;

/** The form's values, as typed ('' = no filter on that field). */
export type TransactionDraft = Record<FilterField, string> & { preset: RangePreset };

export type PageSize = (typeof TRANSACTION_PAGE_SIZES)[number];
export { DEFAULT_TRANSACTION_PAGE_SIZE, TRANSACTION_PAGE_SIZES };

/** Everything the URL holds: the applied filter, the page, the snapshot it pages in, the open detail. */
export interface TransactionView {
  filter: TransactionDraft;
  /** One-based (the URL's `page`); the API's zero-based `index` is page − 1. */
  page: number;
  size: PageSize;
  /** The first page's `asOf`, kept while paging so new rows do not shift later pages (stable paging). */
  asOf: string | undefined;
  /** The `key` of the transaction whose detail is open. */
  detail: string | undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string): boolean =>
  DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The draft with a preset's dates for `today` (a calendar date in the user's zone). */
export function withPreset(draft: TransactionDraft, preset: Exclude<DatePreset, 'none'>, today: CalendarDate): TransactionDraft {
  const dates = presetDates(preset, today)!;
  return { ...draft, preset, startDate: dates[0], endDate: dates[1] };
}

/** The preset whose dates are exactly [start, end] for `today`, else 'custom' (a shared link from yesterday). */
export function presetOf(wanted: string | null, startDate: string, endDate: string, today: CalendarDate): RangePreset {
  if (!isOneOf(TRANSACTION_PRESETS, wanted)) return 'custom';
  const dates = presetDates(wanted, today);
  return dates && dates[0] === startDate && dates[1] === endDate ? wanted : 'custom';
}

/** An empty filter on the default range; the customer when the user may act for one only. */
export function defaultDraft(today: CalendarDate, customerId = ''): TransactionDraft {
  const empty: Record<FilterField, string> = {
    customerId,
    startDate: '',
    endDate: '',
    type: '',
    resultCode: '',
    result: '',
    serial: '',
    terminalId: '',
    ean: '',
  };
  return withPreset({ ...empty, preset: DEFAULT_PRESET }, DEFAULT_PRESET, today);
}

const positiveInt = (text: string | null): number | undefined => {
  const n = Number(text);
  return text && Number.isInteger(n) && n >= 1 ? n : undefined;
};

/**
 * The view a URL describes. Missing dates are the default preset's (or the named preset's) for today; a
 * missing customer is `defaultCustomerId` (the only one the user may act for, or '').
 */
export function viewFromParams(params: URLSearchParams, today: CalendarDate, defaultCustomerId = ''): TransactionView {
  const base = defaultDraft(today, defaultCustomerId);
  const named = params.get('preset');
  const fromPreset = isOneOf(TRANSACTION_PRESETS, named) ? withPreset(base, named, today) : base;
  const startDate = params.get('startDate') ?? fromPreset.startDate;
  const endDate = params.get('endDate') ?? fromPreset.endDate;
  const filter: TransactionDraft = {
    ...fromPreset,
    startDate,
    endDate,
    preset: params.has('startDate') || params.has('endDate') ? presetOf(named, startDate, endDate, today) : fromPreset.preset,
  };
  for (const field of FILTER_FIELDS) {
    if (field === 'startDate' || field === 'endDate') continue;
    const value = params.get(field);
    if (value !== null) filter[field] = value;
  }
  const size = TRANSACTION_PAGE_SIZES.find((s) => s === Number(params.get('size')));
  return {
    filter,
    page: positiveInt(params.get('page')) ?? 1,
    size: size ?? DEFAULT_TRANSACTION_PAGE_SIZE,
    asOf: params.get('asOf') || undefined,
    detail: params.get('tx') || undefined,
  };
}

/** The URL query of a view: the filter's non-empty fields, the preset, and paging only where not default. */
export function paramsOfView(view: TransactionView): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of FILTER_FIELDS) {
    const value = view.filter[field].trim();
    if (value) params.set(field, value);
  }
  if (view.filter.preset !== 'custom') params.set('preset', view.filter.preset);
  if (view.page > 1) params.set('page', String(view.page));
  if (view.size !== DEFAULT_TRANSACTION_PAGE_SIZE) params.set('size', String(view.size));
  if (view.asOf) params.set('asOf', view.asOf);
  if (view.detail) params.set('tx', view.detail);
  return params;
}

/** What keeps a field (or the range) from being asked for; each names an i18n text. */
export type FieldProblem = 'required' | 'invalidDate' | 'invalid';
export type RangeProblem = 'endBeforeStart' | 'rangeTooLong';
export interface FilterProblems {
  fields: Partial<Record<FilterField, FieldProblem>>;
  range?: RangeProblem;
}

/** Days from start to end, both included. */
export const daysInRange = (start: CalendarDate, end: CalendarDate): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The problems of a draft by core's TransactionFilter (each field on its own, so every bad field shows at
 * once), plus the range rules the server applies too: the end not before the start, at most
 * TRANSACTION_MAX_RANGE_DAYS days.
 */
export function filterProblems(draft: TransactionDraft): FilterProblems {
  const fields: FilterProblems['fields'] = {};
  const shape = TransactionFilter.shape;
  for (const field of FILTER_FIELDS) {
    const value = draft[field].trim();
    const required = field === 'customerId' || field === 'startDate' || field === 'endDate';
    if (!value) {
      if (required) fields[field] = 'required';
      continue;
    }
    if (field === 'startDate' || field === 'endDate') {
      if (!isDay(value)) fields[field] = 'invalidDate';
      continue;
    }
    if (!shape[field].safeParse(value).success) fields[field] = 'invalid';
  }
  const problems: FilterProblems = { fields };
  if (!fields.startDate && !fields.endDate) {
    if (draft.endDate < draft.startDate) problems.range = 'endBeforeStart';
    else if (daysInRange(draft.startDate, draft.endDate) > TRANSACTION_MAX_RANGE_DAYS) problems.range = 'rangeTooLong';
  }
  return problems;
}

export const hasProblems = (problems: FilterProblems): boolean => Object.keys(problems.fields).length > 0 || problems.range !== undefined;

/** The query string values of GET /api/transactions, or null while the view cannot be asked for. */
export type TransactionQueryParams = Record<string, string>;

export function transactionQuery(view: TransactionView): TransactionQueryParams | null {
  if (hasProblems(filterProblems(view.filter))) return null;
  const query: TransactionQueryParams = {};
  for (const field of FILTER_FIELDS) {
    const value = view.filter[field].trim();
    if (value) query[field] = value;
  }
  query.index = String(view.page - 1);
  query.maxResults = String(view.size);
  if (view.asOf) query.asOf = view.asOf;
  // The same rules the server applies: what it would refuse is not asked for (a hand-edited URL).
  return TransactionQuery.safeParse(query).success ? query : null;
}

/**
 * The applied filter as core's TransactionFilter reads it (what the export job is given: the whole result
 * the list pages through), or null while the view cannot be asked for.
 */
export function appliedFilter(view: TransactionView): TransactionFilter | null {
  const query = transactionQuery(view);
  if (!query) return null;
  const parsed = TransactionFilter.safeParse(query);
  return parsed.success ? parsed.data : null;
}

/** The draft of a field change: a typed date makes the range 'custom'. */
export function withField(draft: TransactionDraft, field: FilterField, value: string): TransactionDraft {
  const custom = field === 'startDate' || field === 'endDate';
  return { ...draft, [field]: value, ...(custom ? { preset: 'custom' as const } : {}) };
}

/** The draft with every optional filter cleared (the customer and the range stay). */
export function clearedDraft(draft: TransactionDraft): TransactionDraft {
  const cleared = { ...draft };
  for (const field of FILTER_FIELDS) {
    if (field !== 'customerId' && field !== 'startDate' && field !== 'endDate') cleared[field] = '';
  }
  return cleared;
}

/** How many optional filters a draft sets (the collapsed form's summary on phones). */
export const optionalFilterCount = (draft: TransactionDraft): number =>
  FILTER_FIELDS.filter((f) => f !== 'customerId' && f !== 'startDate' && f !== 'endDate' && draft[f].trim()).length;
