import {
  type CalendarDate,
  DEFAULT_PAGE_SIZE_ORDERING,
  type DatePreset,
  defaultOrderRange,
  presetDates,
  toPageRequest,
} from '@portal/core/shared';
import type { AddressRow, StoreType } from '@portal/core/ordering';

/**
 * The orders list's filters (SPEC 3 Order (list): startDate, endDate, storeId, storeType, deleted) and how
 * they become the query of GET replenishment/orders. Pure, unit-tested.
 */

/** A preset of SPEC 4, or 'custom' once a date was typed by hand. */
export type RangePreset = DatePreset | 'custom';

export interface OrdersFilter {
  preset: RangePreset;
  /** 'YYYY-MM-DD' or '' (no bound; only with the 'none' preset or while typing). */
  startDate: CalendarDate | '';
  endDate: CalendarDate | '';
  /** '' = all addresses. */
  storeId: string;
  storeType: StoreType;
  /** Include orders of delivery addresses that have since been deleted (ADR 015). */
  deleted: boolean;
}

/** The page sizes the list offers; the default is the ordering default (SPEC 9: 10). */
export const ORDERS_PAGE_SIZES = [DEFAULT_PAGE_SIZE_ORDERING, 25, 50, 100] as const;

/** The default filter (SPEC 4): the last year (`year` preset, the 365 dates today − 364 .. today), every address. */
export function defaultOrdersFilter(now: Date, timeZone: string, storeType: StoreType): OrdersFilter {
  const range = defaultOrderRange(now, timeZone);
  return {
    preset: 'year',
    startDate: range.startDate,
    endDate: range.endDate,
    storeId: '',
    storeType,
    deleted: false,
  };
}

/** The dates of a preset for `today` (a calendar date in the user's zone); 'none' clears both. */
export function withPreset<F extends { preset: RangePreset; startDate: string; endDate: string }>(
  filter: F,
  preset: DatePreset,
  today: CalendarDate,
): F {
  const dates = presetDates(preset, today);
  return { ...filter, preset, startDate: dates?.[0] ?? '', endDate: dates?.[1] ?? '' };
}

export type RangeProblem = 'endBeforeStart' | 'invalidDate' | null;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why a range cannot be asked for: a malformed date, or an end before the start. Empty bounds are fine. */
export function rangeProblem(startDate: string, endDate: string): RangeProblem {
  if ((startDate && !DAY.test(startDate)) || (endDate && !DAY.test(endDate))) return 'invalidDate';
  if (startDate && endDate && endDate < startDate) return 'endBeforeStart';
  return null;
}

/**
 * The addresses the store filter offers: deleted ones only while 'deleted' is on (ADR 015), sorted by
 * name. The chosen store stays selectable even when it would otherwise drop out.
 */
export function storeOptions(addresses: readonly AddressRow[], deleted: boolean): AddressRow[] {
  return addresses
    .filter((a) => deleted || a.status !== 'deleted')
    .sort((a, b) => a.name.localeCompare(b.name) || a.storeId.localeCompare(b.storeId));
}

/** The query string of GET replenishment/orders (core's OrdersQuery, as strings). */
export interface OrdersQueryParams {
  customerId: string;
  startDate?: string;
  endDate?: string;
  storeId?: string;
  storeType: '0' | '1';
  deleted?: '1';
  index: string;
  results: string;
}

/** The query string values of GET replenishment/orders for a filter and a one-based page. */
export function ordersQuery(
  customerId: string,
  filter: Pick<OrdersFilter, 'startDate' | 'endDate' | 'storeId' | 'storeType' | 'deleted'>,
  page: number,
  pageSize: number = DEFAULT_PAGE_SIZE_ORDERING,
): OrdersQueryParams {
  const { index, maxResults } = toPageRequest(page, pageSize);
  return {
    customerId,
    ...(filter.startDate ? { startDate: filter.startDate } : {}),
    ...(filter.endDate ? { endDate: filter.endDate } : {}),
    ...(filter.storeId ? { storeId: filter.storeId } : {}),
    storeType: filter.storeType === 0 ? '0' : '1',
    ...(filter.deleted ? { deleted: '1' as const } : {}),
    index: String(index),
    results: String(maxResults),
  };
}
