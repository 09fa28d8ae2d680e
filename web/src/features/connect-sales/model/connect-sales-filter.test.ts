import { describe, expect, it } from 'vitest';
import {
  connectSalesFilterFrom,
  connectSalesFilterParams,
  connectSalesQuery,
  parseCustomer,
  rangeProblem,
} from './connect-sales-filter.ts';

const TODAY = '2026-11-25';

describe('the connect sales filter', () => {
  it('defaults to the 28 days ending yesterday, grouped by day, no customer yet', () => {
    const filter = connectSalesFilterFrom(new URLSearchParams(), TODAY);
    expect(filter).toEqual({ customer: '', preset: 'last28', startDate: '2026-10-28', endDate: '2026-11-24', groupBy: 'day' });
    expect(connectSalesQuery(filter)).toBeNull();
    expect(connectSalesFilterParams(filter).toString()).toBe('');
  });

  it('round-trips a provider, a custom range and a grouping through the URL', () => {
    const params = new URLSearchParams('customer=provider%3AP-2001&range=custom&from=2026-10-01&to=2026-10-31&groupBy=product');
    const filter = connectSalesFilterFrom(params, TODAY);
    expect(connectSalesQuery(filter)).toEqual({
      customerType: 'provider',
      customerId: 'P-2001',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      groupBy: 'product',
    });
    expect(connectSalesFilterParams(filter).toString()).toBe(params.toString());
  });

  it("computes a preset's dates for today and ignores what it does not know", () => {
    const filter = connectSalesFilterFrom(new URLSearchParams('customer=nobody&range=forever&groupBy=year'), TODAY);
    expect([filter.customer, filter.preset, filter.groupBy]).toEqual(['', 'last28', 'day']);
    expect(connectSalesFilterFrom(new URLSearchParams('range=yesterday'), TODAY)).toMatchObject({
      startDate: '2026-11-24',
      endDate: '2026-11-24',
    });
    expect(parseCustomer('retailer:R-1')).toEqual({ customerType: 'retailer', customerId: 'R-1' });
  });

  it('refuses ranges the server would refuse', () => {
    expect(rangeProblem({ startDate: '', endDate: '2026-01-01' })).toBe('rangeMissing');
    expect(rangeProblem({ startDate: '2026-02-01', endDate: '2026-01-01' })).toBe('endBeforeStart');
    expect(rangeProblem({ startDate: '2024-01-01', endDate: '2026-01-01' })).toBe('rangeTooLong');
    expect(rangeProblem({ startDate: '2026-01-01', endDate: '2026-01-31' })).toBeNull();
  });
});
