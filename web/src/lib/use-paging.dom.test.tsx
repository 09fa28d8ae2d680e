import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePaging } from './use-paging.ts';

describe('usePaging', () => {
  it('starts over at page 1 when the filter changes or the size does, and keeps the size', () => {
    const { result, rerender } = renderHook(({ key }) => usePaging(key, 10), { initialProps: { key: 'a' } });
    expect([result.current.page, result.current.size]).toEqual([1, 10]);
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
    act(() => result.current.setSize(25));
    expect([result.current.page, result.current.size]).toEqual([1, 25]);
    act(() => result.current.setPage(2));
    rerender({ key: 'b' });
    expect([result.current.page, result.current.size]).toEqual([1, 25]);
  });
});
