import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, type NavigateFunction, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RouteFocus } from './route-focus.tsx';

let navigate: NavigateFunction = () => undefined;
function Screen({ title, late = false }: { title: string; late?: boolean }) {
  navigate = useNavigate();
  const [shown, setShown] = useState(!late);
  return (
    <main>
      {shown ? <h1>{title}</h1> : <button onClick={() => setShown(true)}>load</button>}
      <input aria-label="Search" />
    </main>
  );
}

function renderApp() {
  return render(
    <MemoryRouter initialEntries={['/first']}>
      <Routes>
        <Route path="/first" element={<Screen key="first" title="First" />} />
        <Route path="/second" element={<Screen key="second" title="Second" />} />
        <Route path="/late" element={<Screen key="late" title="Late" late />} />
      </Routes>
      <RouteFocus />
    </MemoryRouter>,
  );
}

const announcer = () => document.querySelector('[data-route-announcer]')!;

/** ADR 092: a route change moves focus to the new screen's heading and names it in a live region. */
describe('RouteFocus', () => {
  it('leaves the first load alone, then focuses and announces the heading of each new path', async () => {
    renderApp();
    expect(document.activeElement).toBe(document.body);
    expect(announcer().textContent).toBe('');

    await act(async () => navigate('/second'));
    const heading = screen.getByRole('heading', { name: 'Second' });
    expect(document.activeElement).toBe(heading);
    expect(heading.tabIndex).toBe(-1);
    expect(announcer().getAttribute('aria-live')).toBe('polite');
    expect(announcer().textContent).toBe('Second');
  });

  it('does not move focus when only the query changes (a filter, a page)', async () => {
    renderApp();
    await act(async () => navigate('/second'));
    screen.getByLabelText('Search').focus();
    await act(async () => navigate('/second?page=2'));
    expect(document.activeElement).toBe(screen.getByLabelText('Search'));
  });

  it('waits for a heading that the new screen shows later', async () => {
    renderApp();
    await act(async () => navigate('/late'));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(announcer().textContent).toBe('');
    await act(async () => screen.getByRole('button', { name: 'load' }).click());
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Late' }));
    expect(announcer().textContent).toBe('Late');
  });
});
