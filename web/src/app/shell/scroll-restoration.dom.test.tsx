import { act, render } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration.tsx';

describe('ScrollRestoration', () => {
  it('starts a new navigation at the top and brings Back to where that entry was scrolled', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    let navigate: NavigateFunction = () => undefined;
    function Probe() {
      navigate = useNavigate();
      return <ScrollRestoration />;
    }
    render(
      <MemoryRouter initialEntries={['/first']}>
        <Probe />
      </MemoryRouter>,
    );
    // The reader scrolls down the first page.
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    window.dispatchEvent(new Event('scroll'));

    scrollTo.mockClear();
    await act(async () => navigate('/second'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    await act(async () => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
