import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loggedOutStatus } from '../../lib/auth.ts';
import { paths } from '../../lib/paths.ts';
import { fakeBackend, renderRoute } from '../../test/dom.tsx';
import { type RegisterSwOptions, SW_UPDATE_POLL_MS, startAppUpdates } from './app-update.ts';

/** vite-plugin-pwa's registerSW as the app sees it: the hooks it was given, and what the page asked of it. */
function fakeServiceWorker({ controlled = true } = {}) {
  const hooks: { options?: RegisterSwOptions } = {};
  const updateSw = vi.fn(async () => undefined);
  const reload = vi.fn();
  const registration = { installing: null, update: vi.fn(async () => undefined) };
  const register = (options: RegisterSwOptions) => {
    hooks.options = options;
    return updateSw;
  };
  const stop = startAppUpdates(register, { reload, controlled: () => controlled });
  return { hooks: () => hooks.options!, updateSw, reload, registration, stop };
}

const publicPages = () => fakeBackend({ 'GET /api/brand': { body: { name: 'Acme' } }, 'GET /api/auth/status': { body: loggedOutStatus } });

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the app updates itself (ADR 091)', () => {
  it('asks for a new service worker once every poll (SPEC 9: 300000 ms), not while offline', () => {
    vi.useFakeTimers();
    const sw = fakeServiceWorker();
    stops.push(sw.stop);
    sw.hooks().onRegisteredSW('/sw.js', sw.registration as unknown as ServiceWorkerRegistration);
    vi.advanceTimersByTime(SW_UPDATE_POLL_MS - 1);
    expect(sw.registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sw.registration.update).toHaveBeenCalledTimes(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.advanceTimersByTime(SW_UPDATE_POLL_MS);
    expect(sw.registration.update).toHaveBeenCalledTimes(1);
  });

  it('applies a new release by itself on the login page, then reloads once the new worker controls it', async () => {
    publicPages();
    const sw = fakeServiceWorker();
    stops.push(sw.stop);
    renderRoute(paths.home);
    await screen.findByRole('button', { name: 'Login' });
    act(() => sw.hooks().onNeedRefresh());
    await waitFor(() => expect(sw.updateSw).toHaveBeenCalledWith(true));
    expect(screen.queryByText('A new version is available')).toBeNull();
    act(() => sw.hooks().onNeedReload());
    expect(sw.reload).toHaveBeenCalledTimes(1);
  });

  it('offers it on the login page once the user has typed there: no automatic reload drops their input', async () => {
    publicPages();
    const sw = fakeServiceWorker();
    stops.push(sw.stop);
    renderRoute(paths.home);
    fireEvent.change(await screen.findByLabelText(/^Username/), { target: { value: 'half-typ' } });
    act(() => sw.hooks().onNeedRefresh());
    expect(await screen.findByText('A new version is available')).toBeTruthy();
    expect(sw.updateSw).not.toHaveBeenCalled();
  });

  it('offers it elsewhere as a toast: Reload takes it, closing keeps the page as it is', async () => {
    publicPages();
    const sw = fakeServiceWorker();
    stops.push(sw.stop);
    renderRoute(paths.about);
    act(() => sw.hooks().onNeedRefresh());
    expect(await screen.findByText('A new version is available')).toBeTruthy();
    expect(sw.updateSw).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(sw.updateSw).toHaveBeenCalledWith(true);
    await act(async () => undefined);
    expect(sw.reload).not.toHaveBeenCalled(); // a controlled page waits for the new worker to take over
    act(() => sw.hooks().onNeedReload());
    expect(sw.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once a page no worker controls yet (the visit that installed the first): no takeover to wait for', async () => {
    publicPages();
    const sw = fakeServiceWorker({ controlled: false });
    stops.push(sw.stop);
    renderRoute(paths.about);
    act(() => sw.hooks().onNeedRefresh());
    fireEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(sw.updateSw).toHaveBeenCalledWith(true);
    await waitFor(() => expect(sw.reload).toHaveBeenCalledTimes(1));
  });

  it('offers, never forces, a release another tab took: this page reloads only when asked', async () => {
    publicPages();
    const sw = fakeServiceWorker();
    stops.push(sw.stop);
    renderRoute(paths.about);
    act(() => sw.hooks().onNeedReload());
    expect(sw.reload).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(sw.reload).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('A new version is available')).toBeNull();
  });
});

describe('the login page offline (ADR 091)', () => {
  it('says the portal is offline when the API reaches no server, instead of failing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderRoute(paths.home);
    expect(await screen.findByText('The portal is offline')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });
});
