import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../lib/paths.ts';
import { resetSession, setChosenRetailer } from '../lib/session.ts';
import { fakeBackend, renderRoute } from '../test/dom.tsx';
import { sessionUser, signedIn } from '../test/fixtures.ts';
import { expectLayoutPerWidth, setViewportWidth } from '../test/viewport.ts';

/**
 * The searched lists in a card (components/ui/list-state.tsx): the retailer selection and the order's
 * address step, each as a list, as an empty answer and as a failed load.
 */
const status = signedIn({ user: { ...sessionUser({ cardOrdering: true, retailerSales: true }), strongAuthentication: true } });
const RETAILERS = 'GET /api/replenishment/retailers';
const CENTRES = 'GET /api/replenishment/retailers/R-1/distribution-centers';
const retailers = {
  items: [
    { customerId: 'R-1', name: 'Nordmarkt', customerGroupId: 'G-1' },
    { customerId: 'R-2', name: 'Südkauf', customerGroupId: null },
  ],
  index: 0,
  maxResults: 10,
  totalCount: 2,
};
const centre = { storeType: 1, retailerId: 'R-1', street: 'Hafenweg 1', postalCode: '20457', city: 'Hamburg', address: '' };
const centres = {
  storeType: 1,
  totalCount: 2,
  items: [
    { ...centre, storeId: 'D-1', name: 'Lager Nord', customerStoreId: 'C-1', status: 'active' },
    { ...centre, storeId: 'D-2', name: 'Lager Süd', customerStoreId: null, status: 'locked' },
  ],
};
const failed = { status: 500, body: { code: 'INTERNAL', message: 'failed' } };

const cases = [
  {
    name: 'retailers listed',
    path: paths.app.retailerSelection,
    route: RETAILERS,
    answer: { body: retailers },
    shows: ['Nordmarkt', 'Südkauf'],
  },
  {
    name: 'no retailers',
    path: paths.app.retailerSelection,
    route: RETAILERS,
    answer: { body: { ...retailers, items: [], totalCount: 0 } },
    shows: ['There are no retailers you may act for.'],
  },
  {
    name: 'retailers failed',
    path: paths.app.retailerSelection,
    route: RETAILERS,
    answer: failed,
    shows: ['The retailers could not be loaded.'],
  },
  {
    name: 'addresses listed',
    path: paths.app.order.address,
    route: CENTRES,
    answer: { body: centres },
    shows: ['Lager Nord', 'Lager Süd'],
  },
  {
    name: 'no addresses',
    path: paths.app.order.address,
    route: CENTRES,
    answer: { body: { ...centres, items: [], totalCount: 0 } },
    shows: ['There are no delivery addresses for this retailer.'],
  },
  { name: 'addresses failed', path: paths.app.order.address, route: CENTRES, answer: failed, shows: ['The data could not be loaded.'] },
];

describe('searched lists in a card', () => {
  beforeEach(() => {
    resetSession('ordering');
    setChosenRetailer('ordering', { id: 'R-1', name: 'Nordmarkt' });
  });

  it.each(cases)('$name', async ({ path, route, answer, shows }) => {
    fakeBackend({ 'GET /api/auth/status': { body: status }, [RETAILERS]: { body: retailers }, [route]: answer });
    renderRoute(path);
    const card = (await screen.findByRole('search')).parentElement!;
    for (const text of shows) expect(await within(card).findAllByText(text)).not.toHaveLength(0);
    expect(within(card).queryByRole('alert') !== null).toBe(answer === failed);
  });

  it('the address step renders the phone cards or the table for the width (md, 768 px), and switches on a resize (ADR 145)', async () => {
    setViewportWidth(375);
    fakeBackend({ 'GET /api/auth/status': { body: status }, [RETAILERS]: { body: retailers }, [CENTRES]: { body: centres } });
    renderRoute(paths.app.order.address);
    await expectLayoutPerWidth({
      breakpoint: 768,
      cards: () => screen.queryByRole('list', { name: 'Delivery addresses' }),
      table: () => screen.queryByRole('table', { name: 'Delivery addresses' }),
    });
  });

  it('reads the retailers once when a new tab restores the chosen retailer from the page the selection shows', async () => {
    resetSession('ordering');
    const backend = fakeBackend({ 'GET /api/auth/status': { body: status }, [RETAILERS]: { body: retailers } });
    renderRoute(paths.app.retailerSelection);
    const card = (await screen.findByRole('search')).parentElement!;
    expect(await within(card).findByText('Südkauf')).toBeTruthy();
    expect(backend.callsTo('GET', '/api/replenishment/retailers')).toHaveLength(1);
  });
});
