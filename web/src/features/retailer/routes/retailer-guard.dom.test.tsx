import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { sessionUser, signedIn } from '../../../test/fixtures.ts';
import { rememberRetailer, retailerMemory } from '../api/retailer-memory.ts';

/**
 * A new tab's deep link into a section behind the retailer choice (RequireRetailer, ADR 017): the guard's restore
 * and the selection list share one read of the first page (ADR 140), and choosing a retailer opens the address the
 * user came for.
 */
const user = { ...sessionUser({ cardOrdering: true, retailerSales: true }), strongAuthentication: true };
const status = signedIn({ user });
const RETAILERS = '/api/replenishment/retailers';
const row = (customerId: string, name: string) => ({ customerId, name, customerGroupId: null });
const page = (...items: ReturnType<typeof row>[]) => ({ items, index: 0, maxResults: 10, totalCount: items.length });
const orders = { 'GET /api/replenishment/orders': { body: { items: [], index: 0, maxResults: 25, totalCount: 0 } } };

describe('a deep link behind the retailer choice, in a new tab', () => {
  beforeEach(() => {
    resetSession('ordering');
    retailerMemory.set([]);
  });

  it('reads the retailers once for the guard and the selection, then opens the address after the choice', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: status },
      [`GET ${RETAILERS}`]: { body: page(row('R-1', 'Nordmarkt'), row('R-2', 'Südkauf')) },
      ...orders,
    });
    const view = renderRoute(`${paths.app.orders}?page=2`);
    const choice = await screen.findByRole('button', { name: /Südkauf/ });
    expect(view.location().pathname).toBe(paths.app.retailerSelection);
    expect(screen.getByRole('alert').textContent).toBe('Please select a retailer to proceed.');
    expect(backend.callsTo('GET', RETAILERS)).toHaveLength(1);
    fireEvent.click(choice);
    await waitFor(() => expect(view.location().pathname).toBe(paths.app.orders));
    expect(view.location().search).toBe('?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(backend.callsTo('GET', RETAILERS)).toHaveLength(1);
  });

  it.each([
    { name: 'the remembered retailer after one look-up of its id', remembered: 'R-2', reads: ['R-2'] },
    { name: 'the only retailer, without the selection', remembered: null, reads: [null] },
  ])('opens the screen with $name', async ({ remembered, reads }) => {
    if (remembered) rememberRetailer('ordering', user.username, { id: remembered, name: 'Old name' });
    const backend = fakeBackend({
      'GET /api/auth/status': { body: status },
      [`GET ${RETAILERS}`]: { body: page(row('R-2', 'Südkauf')) },
      ...orders,
    });
    const view = renderRoute(paths.app.orders);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(await screen.findByText('Orders of Südkauf')).toBeTruthy();
    expect(view.location().pathname).toBe(paths.app.orders);
    expect(backend.callsTo('GET', RETAILERS).map((call) => call.query.get('search'))).toEqual(reads);
  });
});
