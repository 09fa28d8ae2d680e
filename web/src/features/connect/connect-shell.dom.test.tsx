import { screen, waitFor, within } from '@testing-library/react';
import type { SessionStatus } from '@portal/core/auth';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { closeDialog, resetSession } from '../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../test/dom.tsx';
import { signedIn } from '../../test/fixtures.ts';

/** A connect session whose module permissions are `modules` (decoded, as the session carries them). */
function connectUser(modules: Record<string, Record<string, boolean>>): SessionStatus {
  const status = signedIn();
  return {
    ...status,
    user: {
      ...status.user!,
      modules: Object.fromEntries(Object.entries(modules).map(([name, permissions]) => [name, { permissions, settings: {} }])),
    },
  };
}
const paymentsOnly = connectUser({ payment: { transactions: true, serialLookup: true } });
const everything = connectUser({
  payment: { transactions: true, serialLookup: true },
  salesReporting: { sales: true },
  reportManagement: { reports: true },
  productManagement: { allocation: true },
  flow: { doRequests: true, editCompanyAssets: true },
});

const navLabels = async () => {
  const nav = (await screen.findAllByRole('navigation', { name: 'connect navigation' }))[0]!;
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

describe('the connect shell', () => {
  beforeEach(() => {
    // The session and dialog stores live in memory across tests.
    resetSession('connect');
    closeDialog('sectionDenied');
  });

  it('shows only the sections the module permissions open, in the navigation and as tiles', async () => {
    fakeBackend({ 'GET /api/auth/status': { body: paymentsOnly } });
    renderRoute(paths.connect.root);
    expect(await navLabels()).toEqual(['Serial Numbers', 'Transactions', 'Imports', 'News', 'Documents', 'Company', 'Logo']);
    // The home screen loads with its own chunk, after the navigation: wait for its tiles.
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: /Transactions/ })).toBeTruthy();
    expect(within(main).queryByRole('link', { name: /Sales/ })).toBeNull();
  });

  it('opens a screen for every section: no home tile says "Not available yet"', async () => {
    fakeBackend({ 'GET /api/auth/status': { body: everything } });
    renderRoute(paths.connect.root);
    // The connect shell once the session is confirmed (until then /connect is the login page, in the public shell).
    await navLabels();
    const main = screen.getByRole('main');
    await within(main).findByRole('link', { name: 'Transactions' });
    for (const name of ['Serial Numbers', 'News', 'Documents', 'Company', 'Logo', 'Product allocation'])
      expect(within(main).getByRole('link', { name })).toBeTruthy();
    expect(within(main).queryByText('Not available yet')).toBeNull();
  });

  it('shows every section to a user holding every connect permission', async () => {
    fakeBackend({ 'GET /api/auth/status': { body: everything } });
    renderRoute(paths.connect.root);
    expect(await navLabels()).toHaveLength(11);
  });

  it('shows the unread news count beside "News" in the navigation (one call)', async () => {
    const backend = fakeBackend({ 'GET /api/auth/status': { body: paymentsOnly }, 'GET /api/news/unread': { body: { unread: 3 } } });
    renderRoute(paths.connect.root);
    const nav = (await screen.findAllByRole('navigation', { name: 'connect navigation' }))[0]!;
    expect(await within(nav).findByLabelText('3 unread news')).toBeTruthy();
    expect(backend.callsTo('GET', '/api/news/unread')).toHaveLength(1);
  });

  it('answers a direct URL to a forbidden section with the access-denied dialog over the connect home', async () => {
    fakeBackend({ 'GET /api/auth/status': { body: paymentsOnly } });
    const view = renderRoute(paths.connect.sales);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Access denied')).toBeTruthy();
    expect(within(dialog).getByText('You do not have permission to access this section.')).toBeTruthy();
    await waitFor(() => expect(view.location().pathname).toBe(paths.connect.root));
    // Not the section's screen: the home behind the dialog, with the permitted tiles.
    expect(screen.queryByRole('heading', { name: 'Sales' })).toBeNull();
  });
});
