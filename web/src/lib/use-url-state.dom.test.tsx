import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUrlState } from './use-url-state.ts';

const inRouter = (entry: string) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>;
  };

function render(entry: string, resets?: readonly string[], defaults?: () => Record<string, string | undefined>) {
  return renderHook(
    () => {
      const [params, write] = useUrlState({ ...(resets ? { resets } : {}), ...(defaults ? { defaults: defaults() } : {}) });
      return { params, write, search: useLocation().search };
    },
    { wrapper: inRouter(entry) },
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useUrlState (ADR 057)', () => {
  it('reads the params and writes a patch into them: a value sets, an empty one drops, resets go unless named', () => {
    const view = render('/x?tab=history&page=3&q=a', ['page']);
    expect(view.result.current.params.get('tab')).toBe('history');
    act(() => view.result.current.write({ tab: '', customer: 'C-1' }));
    expect(view.result.current.search).toBe('?q=a&customer=C-1');
    act(() => view.result.current.write({ page: '2' }));
    expect(view.result.current.search).toBe('?q=a&customer=C-1&page=2');
    act(() => view.result.current.write((current) => new URLSearchParams({ only: current.get('q') ?? '' })));
    expect(view.result.current.search).toBe('?only=a');
  });

  it('a delayed write lands once typing pauses, merged into the URL a click changed meanwhile', () => {
    const view = render('/x', ['page']);
    const typedWith = view.result.current.write; // the handler of the render the typing happened in
    act(() => typedWith({ q: 'w' }, { after: 300 }));
    act(() => typedWith({ q: 'wr-7' }, { after: 300 }));
    act(() => view.result.current.write({ tab: 'history' }));
    expect(view.result.current.search).toBe('?tab=history');
    act(() => vi.advanceTimersByTime(300));
    expect(view.result.current.search).toBe('?tab=history&q=wr-7');
  });

  it('a write of the same name, or of the whole query, drops a pending one; so does leaving the screen', () => {
    const view = render('/x');
    act(() => view.result.current.write({ q: 'abc' }, { after: 300 }));
    act(() => view.result.current.write({ q: '' }));
    act(() => view.result.current.write({ q: 'def' }, { after: 300 }));
    act(() => view.result.current.write(() => new URLSearchParams()));
    act(() => vi.advanceTimersByTime(1000));
    expect(view.result.current.search).toBe('');

    act(() => view.result.current.write({ q: 'ghi' }, { after: 300 }));
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("shows a default the URL lacks at once and fills it in once known, never over the URL's own value", () => {
    let preferred: string | undefined;
    const view = render('/x?tab=custom', undefined, () => ({ customer: preferred }));
    expect(view.result.current.params.get('customer')).toBeNull();
    preferred = 'P-2';
    view.rerender();
    expect(view.result.current.params.get('customer')).toBe('P-2');
    expect(view.result.current.search).toBe('?tab=custom&customer=P-2');
    act(() => view.result.current.write({ customer: 'P-1' }));
    preferred = 'P-3';
    view.rerender();
    expect(view.result.current.search).toBe('?tab=custom&customer=P-1');
    expect(view.result.current.params.get('customer')).toBe('P-1');
  });
});
