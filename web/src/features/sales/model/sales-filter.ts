import {
  type CalendarDate,
  DATE_PRESETS,
  type DatePreset,
  defaultSalesRange,
  presetDates,
  salesDefaultDates,
  toPageRequest,
} from '@portal/core/shared';
import { SALES_GROUP_BY, SALES_MAX_RANGE_DAYS, type SalesGroupBy } from '@portal/core/sales';

/**
 * The filters the Sales headers share (SPEC 3 Sales request: ean, startDate, endDate, storeId, groupBy)
 * and how they become the query of GET sales and sales/transactions. Pure, unit-tested.
 */

export type RangePreset = Exclude<DatePreset, 'none'> | 'custom';

/** Sales always need a range: every preset except 'none'. */
export const SALES_PRESETS: readonly Exclude<DatePreset, 'none'>[] = DATE_PRESETS.filter(
  (preset): preset is Exclude<DatePreset, 'none'> => preset !== 'none',
);

// Core's group-bys, and the longest range the server answers per request (400 days, core SalesQuery).
export { SALES_GROUP_BY, SALES_MAX_RANGE_DAYS };
export type { SalesGroupBy };

export interface SalesFilter {
  /** 'last28' is the default range (28 days ending yesterday), which no SPEC 4 preset names. */
  preset: RangePreset | 'last28';
  startDate: CalendarDate | '';
  endDate: CalendarDate | '';
  /** Digits as typed; applied only when empty or a valid EAN. */
  ean: string;
  /** '' = every store. */
  storeId: string;
  groupBy: SalesGroupBy;
}

/** SPEC 4: the last 28 days ending yesterday, every store, grouped by day. */
export function defaultSalesFilter(now: Date, timeZone: string): SalesFilter {
  const range = defaultSalesRange(now, timeZone);
  return {
    preset: 'last28',
    startDate: range.startDate,
    endDate: range.endDate,
    ean: '',
    storeId: '',
    groupBy: 'day',
  };
}

export function withSalesPreset(filter: SalesFilter, preset: SalesFilter['preset'], today: CalendarDate): SalesFilter {
  if (preset === 'custom') return { ...filter, preset };
  const dates = preset === 'last28' ? salesDefaultDates(today) : presetDates(preset, today);
  return dates ? { ...filter, preset, startDate: dates[0], endDate: dates[1] } : filter;
}

export type SalesFilterProblem = 'eanInvalid' | 'rangeMissing' | 'invalidDate' | 'endBeforeStart' | 'rangeTooLong';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const EAN = /^\d{8,14}$/;

/** Number of calendar days from `start` to `end`, both inclusive. */
export function daysInRange(start: CalendarDate, end: CalendarDate): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** What keeps a filter from being asked for, field by field (empty when it can be asked for). */
export function salesFilterProblems(filter: SalesFilter): {
  ean?: 'eanInvalid';
  range?: Exclude<SalesFilterProblem, 'eanInvalid'>;
} {
  const problems: { ean?: 'eanInvalid'; range?: Exclude<SalesFilterProblem, 'eanInvalid'> } = {};
  const ean = filter.ean.trim();
  if (ean && !EAN.test(ean)) problems.ean = 'eanInvalid';
  if (!filter.startDate || !filter.endDate) problems.range = 'rangeMissing';
  else if (!DAY.test(filter.startDate) || !DAY.test(filter.endDate)) problems.range = 'invalidDate';
  else if (filter.endDate < filter.startDate) problems.range = 'endBeforeStart';
  else if (daysInRange(filter.startDate, filter.endDate) > SALES_MAX_RANGE_DAYS) problems.range = 'rangeTooLong';
  return problems;
}

/** The query of GET sales (core SalesQuery, as strings). */
export interface SalesQueryParams {
  customerId: string;
  startDate: string;
  endDate: string;
  ean?: string;
  storeId?: string;
  groupBy: SalesGroupBy;
}
export type SalesTransactionsQueryParams = Omit<SalesQueryParams, 'groupBy'> & { index: string; results: string };

/** The GET sales query, or null while the filter has a problem (nothing is asked then). */
export function salesQuery(customerId: string, filter: SalesFilter): SalesQueryParams | null {
  const problems = salesFilterProblems(filter);
  if (problems.ean || problems.range) return null;
  const ean = filter.ean.trim();
  return {
    customerId,
    startDate: filter.startDate,
    endDate: filter.endDate,
    ...(ean ? { ean } : {}),
    ...(filter.storeId ? { storeId: filter.storeId } : {}),
    groupBy: filter.groupBy,
  };
}

/** The GET sales/transactions query for a one-based page: the same filters without groupBy. */
export function transactionsQuery(
  customerId: string,
  filter: SalesFilter,
  page: number,
  pageSize: number,
): SalesTransactionsQueryParams | null {
  const query = salesQuery(customerId, filter);
  if (!query) return null;
  const { groupBy: _groupBy, ...rest } = query;
  const { index, maxResults } = toPageRequest(page, pageSize);
  return { ...rest, index: String(index), results: String(maxResults) };
}

/** Time groups are drawn as columns along a time axis; stores and products as labelled rows. */
export { isTimeGrouping } from '../../../lib/sales-format.ts';
