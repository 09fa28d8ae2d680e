import { describe, expect, it } from 'vitest';
import {
  appliedFilter,
  clearedDraft,
  defaultDraft,
  filterProblems,
  optionalFilterCount,
  paramsOfView,
  transactionQuery,
  viewFromParams,
  withField,
  withPreset,
} from './transaction-filter.ts';

const today = '2026-11-25';
const view = (query: string, customer = '') => viewFromParams(new URLSearchParams(query), today, customer);

describe('the Transactions view in the URL', () => {
  it('defaults to the last 7 days, page 1 of 50, the only customer', () => {
    const v = view('', 'C-1');
    expect(v.filter).toMatchObject({ preset: 'week', startDate: '2026-11-19', endDate: '2026-11-25', customerId: 'C-1', serial: '' });
    expect(v).toMatchObject({ page: 1, size: 50, asOf: undefined, detail: undefined });
  });

  it('reads every filter field, the page, the size, asOf and the open detail', () => {
    const v = view(
      'customerId=R-1&startDate=2026-10-01&endDate=2026-10-31&type=redemption&resultCode=05&result=declined&serial=ABC123&terminalId=T-9&ean=4006381333931&page=3&size=100&asOf=2026-11-25T00:00:00.000Z&tx=k1',
      'C-1',
    );
    expect(v.filter).toEqual({
      preset: 'custom',
      customerId: 'R-1',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      type: 'redemption',
      resultCode: '05',
      result: 'declined',
      serial: 'ABC123',
      terminalId: 'T-9',
      ean: '4006381333931',
    });
    expect(v).toMatchObject({ page: 3, size: 100, asOf: '2026-11-25T00:00:00.000Z', detail: 'k1' });
  });

  it('names a preset only while its dates are still the preset of today (a link from another day is custom)', () => {
    expect(view('preset=week&startDate=2026-11-19&endDate=2026-11-25').filter.preset).toBe('week');
    expect(view('preset=week&startDate=2026-11-18&endDate=2026-11-24').filter.preset).toBe('custom');
    expect(view('preset=thisMonth').filter).toMatchObject({ preset: 'thisMonth', startDate: '2026-11-01', endDate: today });
  });

  it('falls back to page 1 and the default size for values it does not offer', () => {
    expect(view('page=0&size=30')).toMatchObject({ page: 1, size: 50 });
    expect(view('page=x&size=500')).toMatchObject({ page: 1, size: 500 });
  });

  it('round-trips through paramsOfView, leaving out defaults and empty fields', () => {
    const v = view('customerId=R-1&serial=ABC123&page=2&asOf=2026-11-25T00:00:00.000Z');
    const params = paramsOfView(v);
    expect(params.get('page')).toBe('2');
    expect(params.has('size')).toBe(false);
    expect(params.has('ean')).toBe(false);
    expect(viewFromParams(params, today)).toEqual(v);
  });
});

describe('filter problems (core TransactionFilter, each field on its own)', () => {
  const draft = { ...defaultDraft(today, 'R-1') };

  it('finds none in the default filter with a customer', () => {
    expect(filterProblems(draft)).toEqual({ fields: {} });
  });

  it('asks for a customer and both dates', () => {
    expect(filterProblems({ ...draft, customerId: '', startDate: '' }).fields).toEqual({ customerId: 'required', startDate: 'required' });
  });

  it('names every bad optional field at once', () => {
    const bad = { ...draft, resultCode: '0-5', serial: '!!', terminalId: 'T 1', ean: '4006381333932', result: 'maybe' };
    expect(filterProblems(bad).fields).toEqual({
      resultCode: 'invalid',
      serial: 'invalid',
      terminalId: 'invalid',
      ean: 'invalid',
      result: 'invalid',
    });
  });

  it('checks the range: a real date, the end not before the start, at most 400 days', () => {
    expect(filterProblems({ ...draft, startDate: '2026-02-30' }).fields.startDate).toBe('invalidDate');
    expect(filterProblems({ ...draft, startDate: '2026-11-26' }).range).toBe('endBeforeStart');
    expect(filterProblems({ ...draft, startDate: '2025-10-22' }).range).toBeUndefined(); // 400 days, both ends included
    expect(filterProblems({ ...draft, startDate: '2025-10-21' }).range).toBe('rangeTooLong');
  });
});

describe('the query of GET /api/transactions', () => {
  it('sends the zero-based index, the page size, the non-empty filters and asOf', () => {
    const v = view('customerId=R-1&terminalId=%20T-9%20&page=3&size=25&asOf=2026-11-25T00:00:00.000Z');
    expect(transactionQuery(v)).toEqual({
      customerId: 'R-1',
      startDate: '2026-11-19',
      endDate: today,
      terminalId: 'T-9',
      index: '2',
      maxResults: '25',
      asOf: '2026-11-25T00:00:00.000Z',
    });
  });

  it('asks nothing while the filter has a problem or the URL an asOf the server would refuse', () => {
    expect(transactionQuery(view(''))).toBeNull(); // no customer
    expect(transactionQuery(view('customerId=R-1&ean=123'))).toBeNull();
    expect(transactionQuery(view('customerId=R-1&asOf=yesterday'))).toBeNull();
  });
});

describe('editing the draft', () => {
  it('makes the range custom when a date is typed and fills a preset picked', () => {
    const d = defaultDraft(today, 'R-1');
    expect(withField(d, 'startDate', '2026-11-01').preset).toBe('custom');
    expect(withField(d, 'serial', 'X').preset).toBe('week');
    expect(withPreset(d, 'yesterday', today)).toMatchObject({ startDate: '2026-11-24', endDate: '2026-11-24' });
  });

  it('clears the optional filters only and counts them', () => {
    const d = { ...defaultDraft(today, 'R-1'), serial: 'X', ean: '1', type: 'sale' };
    expect(optionalFilterCount(d)).toBe(3);
    const cleared = clearedDraft(d);
    expect(optionalFilterCount(cleared)).toBe(0);
    expect(cleared).toMatchObject({ customerId: 'R-1', startDate: d.startDate, endDate: d.endDate });
  });
});

describe('the applied filter (what the export is given)', () => {
  it('is core’s TransactionFilter of the URL, without paging; null while it cannot be asked for', () => {
    expect(appliedFilter(view('customerId=R-1&serial=1234-5678-90&page=4&asOf=2026-11-25T00:00:00.000Z'))).toEqual({
      customerId: 'R-1',
      startDate: '2026-11-19',
      endDate: today,
      serial: '1234567890',
    });
    expect(appliedFilter(view('ean=1'))).toBeNull();
  });
});
