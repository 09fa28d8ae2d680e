import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageBounds, toPageRequest, toPagination } from './paging.ts';

describe('toPagination', () => {
  it.each([
    [
      'turns the zero-based index into a one-based page',
      { index: 0, maxResults: 10, totalCount: 95 },
      { pageSize: 10, currentPage: 1, pageCount: 10, totalCount: 95 },
    ],
    [
      'has no pages without results',
      { index: 0, maxResults: 10, totalCount: 0 },
      { pageSize: 10, currentPage: 1, pageCount: 0, totalCount: 0 },
    ],
    ['guards a page size of 0', { index: 0, maxResults: 0, totalCount: 50 }, { pageSize: 0, currentPage: 1, pageCount: 0, totalCount: 50 }],
    [
      'guards negative inputs',
      { index: -3, maxResults: -10, totalCount: -1 },
      { pageSize: 0, currentPage: 1, pageCount: 0, totalCount: 0 },
    ],
  ])('%s', (_name, input, pagination) => {
    expect(toPagination(input)).toEqual(pagination);
  });

  it('rounds the page count up and hits exact multiples', () => {
    expect(toPagination({ index: 0, maxResults: 10, totalCount: 100 }).pageCount).toBe(10);
    expect(toPagination({ index: 0, maxResults: 10, totalCount: 101 }).pageCount).toBe(11);
    expect(toPagination({ index: 0, maxResults: 10, totalCount: 1 }).pageCount).toBe(1);
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

  it('rejects a page size below 1', () => {
    expect(() => toPageRequest(1, 0)).toThrow(RangeError);
    expect(() => toPageRequest(1, -5)).toThrow(RangeError);
    expect(() => toPageRequest(1, 2.5)).toThrow(RangeError);
  });

  it('is the inverse of toPagination', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.integer({ min: 1, max: 16000 }), fc.nat(1_000_000), (index, size, total) => {
        const page = toPagination({ index, maxResults: size, totalCount: total });
        expect(toPageRequest(page.currentPage, page.pageSize)).toEqual({ index, maxResults: size });
        expect(page.pageCount * size).toBeGreaterThanOrEqual(total);
        expect((page.pageCount - 1) * size).toBeLessThan(Math.max(total, 1));
      }),
    );
  });
});

describe('pageBounds', () => {
  it('reads page index * size to the next page or the end', () => {
    expect(pageBounds({ index: 0, maxResults: 10 }, 95)).toEqual({ start: 0, end: 10 });
    expect(pageBounds({ index: 9, maxResults: 10 }, 95)).toEqual({ start: 90, end: 95 });
  });

  it('is empty past the end and without items', () => {
    expect(pageBounds({ index: 10, maxResults: 10 }, 95)).toEqual({ start: 95, end: 95 });
    expect(pageBounds({ index: 0, maxResults: 10 }, 0)).toEqual({ start: 0, end: 0 });
  });

  it('rejects a page size below 1', () => {
    expect(() => pageBounds({ index: 0, maxResults: 0 }, 10)).toThrow(RangeError);
  });

  it('partitions [0, totalCount) over pages 1..pageCount, each page round-tripping', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.nat(5000), (size, total) => {
        const { pageCount } = toPagination({ index: 0, maxResults: size, totalCount: total });
        let next = 0;
        for (let page = 1; page <= pageCount; page++) {
          const request = toPageRequest(page, size);
          expect(toPagination({ ...request, totalCount: total }).currentPage).toBe(page);
          const { start, end } = pageBounds(request, total);
          expect(start).toBe(next); // no gap, no overlap
          expect(end).toBeGreaterThan(start); // no empty page before the end
          next = end;
        }
        expect(next).toBe(total); // every item is on a page
        expect(pageBounds(toPageRequest(pageCount + 1, size), total)).toEqual({ start: total, end: total });
      }),
    );
  });
});
