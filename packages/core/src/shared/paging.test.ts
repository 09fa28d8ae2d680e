import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPageRequest, toPagination } from './paging.ts';

describe('toPagination', () => {
  it('turns the zero-based index into a one-based page', () => {
    expect(toPagination({ index: 0, maxResults: 10, totalCount: 95 })).toEqual({
      pageSize: 10,
      currentPage: 1,
      pageCount: 10,
      totalCount: 95,
    });
  });

  it('rounds the page count up and hits exact multiples', () => {
    expect(toPagination({ index: 0, maxResults: 10, totalCount: 100 }).pageCount).toBe(10);
    expect(toPagination({ index: 0, maxResults: 10, totalCount: 101 }).pageCount).toBe(11);
    expect(toPagination({ index: 0, maxResults: 10, totalCount: 1 }).pageCount).toBe(1);
  });

  it('has no pages without results', () => {
    expect(toPagination({ index: 0, maxResults: 10, totalCount: 0 })).toEqual({
      pageSize: 10,
      currentPage: 1,
      pageCount: 0,
      totalCount: 0,
    });
  });

  it('guards a page size of 0 and negative inputs', () => {
    expect(toPagination({ index: 0, maxResults: 0, totalCount: 50 })).toEqual({
      pageSize: 0,
      currentPage: 1,
      pageCount: 0,
      totalCount: 50,
    });
    expect(toPagination({ index: -3, maxResults: -10, totalCount: -1 })).toEqual({
      pageSize: 0,
      currentPage: 1,
      pageCount: 0,
      totalCount: 0,
    });
  });
});

describe('toPageRequest', () => {
  it('turns a one-based page into a zero-based index', () => {
    expect(toPageRequest(1, 10)).toEqual({ index: 0, maxResults: 10 });
    expect(toPageRequest(3, 25)).toEqual({ index: 2, maxResults: 25 });
  });

  it('asks for the first page for pages below 1', () => {
    expect(toPageRequest(0, 10)).toEqual({ index: 0, maxResults: 10 });
    expect(toPageRequest(-4, 10)).toEqual({ index: 0, maxResults: 10 });
  });

  it('is the inverse of toPagination', () => {
    fc.assert(
      fc.property(
        fc.nat(1000),
        fc.integer({ min: 1, max: 16000 }),
        fc.nat(1_000_000),
        (index, size, total) => {
          const page = toPagination({ index, maxResults: size, totalCount: total });
          expect(toPageRequest(page.currentPage, page.pageSize)).toEqual({ index, maxResults: size });
          expect(page.pageCount * size).toBeGreaterThanOrEqual(total);
          expect((page.pageCount - 1) * size).toBeLessThan(Math.max(total, 1));
        },
      ),
    );
  });
});
