import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession, setChosenRetailer } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { sessionUser, signedIn } from '../../../test/fixtures.ts';
import { chooseLocation, clearDraft } from '../model/order-draft.ts';
import { address, product } from '../model/test-products.ts';

/**
 * The check and basket steps download their screens only when there is an order to show (ADR 150): a link to them in
 * a tab without one (a mail, a new tab) goes on to the quantities or the address step without that code.
 */
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('./check-screen.tsx', async (original) => {
  loaded.add('check');
  return original();
});
vi.mock('./basket-screen.tsx', async (original) => {
  loaded.add('basket');
  return original();
});

const retailers = { items: [{ customerId: 'R-1', name: 'Nordmarkt', customerGroupId: 'G-1' }], index: 0, maxResults: 10, totalCount: 1 };

function open(path: string) {
  fakeBackend({
    'GET /api/auth/status': { body: signedIn({ user: { ...sessionUser({ cardOrdering: true }), strongAuthentication: true } }) },
    'GET /api/replenishment/retailers': { body: retailers },
    'GET /api/replenishment/products': { body: { location: address(), items: [product()] } },
    'GET /api/replenishment/addresses': { body: { items: [address()], index: 0, maxResults: 10, totalCount: 1 } },
  });
  return renderRoute(path);
}

describe('the check and basket steps without an order in the tab', () => {
  beforeEach(() => {
    loaded.clear();
    resetSession('ordering');
    clearDraft('ordering');
    setChosenRetailer('ordering', { id: 'R-1', name: 'Nordmarkt' });
  });

  it("goes from the check step to the location's quantities without the check screen", async () => {
    open(paths.app.order.check('S1'));
    expect(await screen.findByRole('heading', { name: 'Enter order quantities' })).toBeTruthy();
    expect(loaded.has('check')).toBe(false);
  });

  it('goes from the basket to the address step without the basket screen', async () => {
    open(paths.app.order.basket);
    expect(await screen.findByRole('heading', { name: 'Select delivery address' })).toBeTruthy();
    expect(loaded.has('basket')).toBe(false);
  });

  it('shows the check screen and the basket once a location is chosen', async () => {
    chooseLocation('ordering', 'R-1', address());
    const check = open(paths.app.order.check('S1'));
    expect(await screen.findByRole('heading', { name: 'Please check your order' })).toBeTruthy();
    expect(loaded.has('check')).toBe(true);
    check.unmount();

    open(paths.app.order.basket);
    expect(await screen.findByRole('heading', { name: 'Basket' })).toBeTruthy();
    expect(loaded.has('basket')).toBe(true);
  });
});
