import { screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { paths } from '../lib/paths.ts';
import { SESSION_STORAGE_KEY } from '../lib/stored-session.ts';
import { fakeBackend, renderRoute } from '../test/dom.tsx';
import { signedIn } from '../test/fixtures.ts';

// The data layer's download fails (offline, a deploy removed the old chunk): every import of it rejects.
vi.mock('./data-layer.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('the login page when the data layer cannot be loaded', () => {
  it('shows the error view with a reload instead of spinning for ever over a stored signed-in copy', async () => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ordering: { status: signedIn() } }));
    onTestFinished(() => window.sessionStorage.removeItem(SESSION_STORAGE_KEY));
    fakeBackend({});
    renderRoute(paths.home);

    expect(await screen.findByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Username/)).toBeNull();
  });

  it('still shows the login card to a visitor without a stored session', async () => {
    fakeBackend({});
    renderRoute(paths.home);
    expect(await screen.findByLabelText(/^Username/)).toBeTruthy();
  });
});
