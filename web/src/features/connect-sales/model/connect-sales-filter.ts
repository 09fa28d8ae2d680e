import { type CalendarDate, DATE_PRESETS, type DatePreset, isOneOf, presetDates, salesDefaultDates } from '@portal/core/shared';
import { SALES_GROUP_BY, SALES_MAX_RANGE_DAYS, type SalesGroupBy } from '@portal/core/sales';
import { CONNECT_SALES_CUSTOMER_TYPES, type ConnectSalesCustomerType } from '@portal/core/sales';

/**
 * The connect Sales section's filter (ADR 037): whose sales (a retailer or a content provider: customers
 * are retailers ∪ providers, one id may be both), the range with presets (default SPEC 9: the last 28 days
 * ending yesterday, in the user's time zone) and the grouping. It lives in the URL. Pure, unit-tested.
 */
export type RangePreset = Exclude<DatePreset, 'none'> | 'last28' | 'custom';
export const RANGE_PRESETS: readonly RangePreset[] = [
  'last28',
  ...DATE_PRESETS.filter((p): p is Exclude<DatePreset, 'none'> => p !== 'none'),
];

export interface ConnectSalesFilter {
  /** `retailer:<id>` or `provider:<id>`; '' before one is chosen. */
  customer: string;
  preset: RangePreset;
  startDate: CalendarDate | '';
  endDate: CalendarDate | '';
  groupBy: SalesGroupBy;
}

export const customerValue = (type: ConnectSalesCustomerType, customerId: string) => `${type}:${customerId}`;
export function parseCustomer(value: string): { customerType: ConnectSalesCustomerType; customerId: string } | null {
  const match = /^(retailer|provider):(.+)$/.exec(value);
  const [, customerType, customerId] = match ?? [];
  return isOneOf(CONNECT_SALES_CUSTOMER_TYPES, customerType) && customerId ? { customerType, customerId } : null;
}

/** The dates of a preset for `today` (the user's calendar day); null for 'custom'. */
export function rangeOf(preset: RangePreset, today: CalendarDate): [CalendarDate, CalendarDate] | null {
  if (preset === 'custom') return null;
  if (preset === 'last28') return salesDefaultDates(today);
  return presetDates(preset, today);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isGroupBy = (v: string | null): v is SalesGroupBy => isOneOf(SALES_GROUP_BY, v);
const isPreset = (v: string | null): v is RangePreset => v === 'custom' || isOneOf(RANGE_PRESETS, v);

/**
 * The filter of the URL's search parameters: a preset's dates are computed for `today` (so a shared link
 * with a preset means the same span for whoever opens it); 'custom' takes `from` and `to`.
 */
export function connectSalesFilterFrom(params: URLSearchParams, today: CalendarDate): ConnectSalesFilter {
  const range = params.get('range');
  const preset = isPreset(range) ? range : 'last28';
  const groupBy = params.get('groupBy');
  const dates = rangeOf(preset, today);
  return {
    customer: parseCustomer(params.get('customer') ?? '') ? params.get('customer')! : '',
    preset,
    startDate: dates ? dates[0] : (params.get('from') ?? ''),
    endDate: dates ? dates[1] : (params.get('to') ?? ''),
    groupBy: isGroupBy(groupBy) ? groupBy : 'day',
  };
}

export function connectSalesFilterParams(filter: ConnectSalesFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.customer) params.set('customer', filter.customer);
  if (filter.preset !== 'last28') params.set('range', filter.preset);
  if (filter.preset === 'custom') {
    if (filter.startDate) params.set('from', filter.startDate);
    if (filter.endDate) params.set('to', filter.endDate);
  }
  if (filter.groupBy !== 'day') params.set('groupBy', filter.groupBy);
  return params;
}

export type RangeProblem = 'rangeMissing' | 'invalidDate' | 'endBeforeStart' | 'rangeTooLong';

/** What keeps the range from being asked for (the server's rules: core SalesQuery, ≤ 400 days). */
export function rangeProblem(filter: Pick<ConnectSalesFilter, 'startDate' | 'endDate'>): RangeProblem | null {
  if (!filter.startDate || !filter.endDate) return 'rangeMissing';
  if (
    !DAY.test(filter.startDate) ||
    !DAY.test(filter.endDate) ||
    Number.isNaN(Date.parse(`${filter.startDate}T00:00:00Z`)) ||
    Number.isNaN(Date.parse(`${filter.endDate}T00:00:00Z`))
  )
    return 'invalidDate';
  if (filter.endDate < filter.startDate) return 'endBeforeStart';
  const days = Math.round((Date.parse(`${filter.endDate}T00:00:00Z`) - Date.parse(`${filter.startDate}T00:00:00Z`)) / 86_400_000) + 1;
  return days > SALES_MAX_RANGE_DAYS ? 'rangeTooLong' : null;
}

/** GET /api/connect-sales's query (core ConnectSalesQuery, as strings). */
export interface ConnectSalesParams {
  customerType: ConnectSalesCustomerType;
  customerId: string;
  startDate: string;
  endDate: string;
  groupBy: SalesGroupBy;
}

/** GET /api/connect-sales's query, or null while there is nothing valid to ask. */
export function connectSalesQuery(filter: ConnectSalesFilter): ConnectSalesParams | null {
  const customer = parseCustomer(filter.customer);
  if (!customer || rangeProblem(filter)) return null;
  return { ...customer, startDate: filter.startDate, endDate: filter.endDate, groupBy: filter.groupBy };
}

export { SALES_GROUP_BY, SALES_MAX_RANGE_DAYS };
