import { describe, expect, it } from 'vitest';
import {
  formatProductAmount,
  isFiltered,
  productFilterFrom,
  productFilterParams,
  productQuery,
  productValueText,
} from './product-filter.ts';

describe('the product filter', () => {
  it('round-trips through the URL, keeping only what differs from the defaults', () => {
    const filter = productFilterFrom(new URLSearchParams('q=aurora&productType=PIN&status=inactive&page=3&pageSize=50'));
    expect(filter).toEqual({
      q: 'aurora',
      productType: 'PIN',
      category: '',
      contentProviderId: '',
      currency: '',
      status: 'inactive',
      page: 3,
      pageSize: 50,
    });
    expect(productFilterParams(filter).toString()).toBe('q=aurora&productType=PIN&status=inactive&page=3&pageSize=50');
    expect(productFilterParams(productFilterFrom(new URLSearchParams())).toString()).toBe('');
  });

  it('falls back on malformed values instead of asking the server for them', () => {
    const filter = productFilterFrom(new URLSearchParams('status=deleted&page=-2&pageSize=7'));
    expect([filter.status, filter.page, filter.pageSize]).toEqual(['', 1, 25]);
    expect(isFiltered(filter)).toBe(false);
  });

  it('asks for the zero-based page and the set filters', () => {
    const filter = productFilterFrom(new URLSearchParams('category=Gaming&page=2'));
    expect(productQuery(filter)).toEqual({ category: 'Gaming', index: '1', maxResults: '25' });
    expect(isFiltered(filter)).toBe(true);
  });

  it('formats values in the product currency, a range for variable-value cards', () => {
    expect(formatProductAmount(2500, 'EUR', 'en-US')).toBe('€25.00');
    expect(productValueText({ minValueCents: 1000, maxValueCents: 25050, currency: 'EUR' }, 'en-US')).toBe('€10.00 – €250.50');
    expect(productValueText({ faceValueCents: 1500 }, 'en-US')).toBe('15.00');
    expect(productValueText({}, 'en-US')).toBe('—');
  });
});
