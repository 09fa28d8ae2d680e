import { describe, expect, it } from 'vitest';
import { activeCriteria, filterList } from './filter-list.ts';

const stores = [
  { storeId: 101, name: 'Berlin Mitte', city: 'Berlin', active: true, note: null },
  { storeId: 1012, name: 'Potsdam Hbf', city: 'Potsdam', active: false, note: 'closed' },
  { storeId: 7, name: 'MÜNCHEN Ost', city: 'München', active: true, note: undefined },
];
const ids = (list: { storeId: number }[]) => list.map((s) => s.storeId);

describe('filterList', () => {
  it('drops empty, null, undefined, function and object criteria', () => {
    const filter = {
      name: '',
      city: null,
      note: undefined,
      active: () => true,
      storeId: { gt: 5 },
      tags: ['a'],
      since: new Date(0),
    };
    expect(activeCriteria(filter)).toEqual([]);
    expect(ids(filterList(stores, filter))).toEqual([101, 1012, 7]);
  });

  it('matches text case-insensitively by substring', () => {
    expect(ids(filterList(stores, { name: 'mitte' }))).toEqual([101]);
    expect(ids(filterList(stores, { name: 'münchen' }))).toEqual([7]);
    expect(ids(filterList(stores, { city: 'BERL' }))).toEqual([101]);
  });

  it('matches text against numeric fields as text', () => {
    expect(ids(filterList(stores, { storeId: '101' }))).toEqual([101, 1012]);
  });

  it('matches other values exactly', () => {
    expect(ids(filterList(stores, { storeId: 101 }))).toEqual([101]);
    expect(ids(filterList(stores, { active: false }))).toEqual([1012]);
    expect(ids(filterList(stores, { storeId: Number.NaN }))).toEqual([]);
  });

  it('does not match a number criterion against text that looks the same', () => {
    expect(filterList([{ code: '5' }], { code: 5 })).toEqual([]);
  });

  it('keeps whitespace significant', () => {
    expect(ids(filterList(stores, { name: ' ' }))).toEqual([101, 1012, 7]);
    expect(ids(filterList(stores, { name: ' hbf' }))).toEqual([1012]);
    expect(ids(filterList(stores, { name: 'mitte ' }))).toEqual([]);
  });

  it('never matches text against missing or null fields', () => {
    expect(ids(filterList(stores, { note: 'c' }))).toEqual([1012]);
    expect(ids(filterList(stores, { unknownField: 'x' }))).toEqual([]);
  });

  it('requires every criterion to match', () => {
    expect(ids(filterList(stores, { active: true, name: 'ost' }))).toEqual([7]);
    expect(ids(filterList(stores, { active: true, city: 'potsdam' }))).toEqual([]);
  });

  it('returns a new array and leaves the input alone', () => {
    const input = [...stores];
    const out = filterList(input, {});
    expect(out).not.toBe(input);
    expect(out).toEqual(stores);
    expect(input).toEqual(stores);
  });
});
