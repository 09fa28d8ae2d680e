import { SALES_MAX_RANGE_DAYS, SalesQuery, SalesTransactionsQuery } from '@portal/core/sales';
import type * as z from '@portal/core/zod';
import { AppError } from '../errors.ts';
import { CalendarDay, daysBetween } from '../masterdata/index.ts';
import { REQUEST } from '@portal/core/shared';

type Issue = { path: string; message: string };

const invalid = (issues: Issue[]) => new AppError('input', REQUEST.VALIDATION_FAILED, 'The request has invalid fields', { issues });

/**
 * The service's own input check, so a caller other than the API route (which validates with the same
 * schemas) gets the same answer: the core schema, then what it cannot say — the dates exist, the end is
 * not before the start, and the range spans at most SALES_MAX_RANGE_DAYS (core). Every failure is a 400 with field issues.
 */
export function checkSalesQuery(query: SalesQuery): SalesQuery;
export function checkSalesQuery(query: z.infer<typeof SalesTransactionsQuery>): z.infer<typeof SalesTransactionsQuery>;
export function checkSalesQuery(query: SalesQuery | z.infer<typeof SalesTransactionsQuery>) {
  const schema = 'groupBy' in query ? SalesQuery : SalesTransactionsQuery;
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  }
  const value = parsed.data;
  const issues: Issue[] = [];
  for (const field of ['startDate', 'endDate'] as const) {
    const day = CalendarDay.safeParse(value[field]);
    if (!day.success) issues.push({ path: field, message: 'Value must be an existing date (YYYY-MM-DD)' });
  }
  if (issues.length === 0) {
    if (value.endDate < value.startDate) {
      issues.push({ path: 'endDate', message: 'The end date must not be before the start date' });
    } else if (daysBetween(value.startDate, value.endDate) + 1 > SALES_MAX_RANGE_DAYS) {
      issues.push({ path: 'endDate', message: `The range must not exceed ${SALES_MAX_RANGE_DAYS} days` });
    }
  }
  if (issues.length) throw invalid(issues);
  return value;
}
