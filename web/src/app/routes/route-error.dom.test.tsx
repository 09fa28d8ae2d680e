import { act, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Outlet, useRoutes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error.tsx';

// What the data router's errorElement did, now done by a React error boundary: a screen that
// throws shows the error in its region only, and the next navigation clears it.
function Broken(): never {
  throw new Error('render failed');
}

function Routes() {
  return useRoutes([
    {
      element: (
        <>
          <nav>
            <Link to="/broken">broken</Link>
            <Link to="/fine">fine</Link>
          </nav>
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        </>
      ),
      children: [
        { path: '/fine', element: <p>fine screen</p> },
        { path: '/broken', element: <Broken /> },
      ],
    },
  ]);
}

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error in place of a screen that throws, keeps the rest, and clears on the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Routes />
      </MemoryRouter>,
    );
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(screen.getByText('fine')).toBeTruthy(); // the shell around the region stays usable

    await act(async () => screen.getByText('fine').click());
    expect(await screen.findByText('fine screen')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
