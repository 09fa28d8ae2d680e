import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../lib/paths.ts';
import { resetSession, setChosenRetailer } from '../lib/session.ts';
import { fakeBackend, type FakeRoutes, renderRoute } from '../test/dom.tsx';
import { sessionUser, signedIn } from '../test/fixtures.ts';

/**
 * A screen's empty answer keeps one h1, the screen's title: the empty state's title is a heading below it
 * (WCAG 1.3.1; a second h1 would tell a screen reader a new page starts).
 */
const status = signedIn({ user: { ...sessionUser({ cardOrdering: true, retailerSales: true }), strongAuthentication: true } });
const RETAILERS = 'GET /api/replenishment/retailers';
const retailers = { items: [{ customerId: 'R-1', name: 'Nordmarkt', customerGroupId: 'G-1' }], index: 0, maxResults: 10, totalCount: 1 };

const cases: { name: string; path: string; answers: FakeRoutes; title: string }[] = [
  {
    name: 'no orders',
    path: paths.app.orders,
    answers: { 'GET /api/replenishment/orders': { body: { items: [], index: 0, maxResults: 25, totalCount: 0 } } },
    title: 'Orders',
  },
  {
    name: 'no sales',
    path: paths.app.sales,
    answers: {
      'GET /api/sales': { body: { sales: [], totalSales: { quantity: 0, amountCents: 0 }, resultCount: 0 } },
      'GET /api/replenishment/stores': { body: { storeType: 2, totalCount: 0, items: [] } },
      'GET /api/sales/notes': { body: { notes: [] } },
    },
    title: 'Sales',
  },
];

describe('empty lists under their screen title', () => {
  beforeEach(() => {
    resetSession('ordering');
    setChosenRetailer('ordering', { id: 'R-1', name: 'Nordmarkt' });
  });

  it.each(cases)('$name: one h1, the empty state an h2', async ({ path, answers, title }) => {
    fakeBackend({ 'GET /api/auth/status': { body: status }, [RETAILERS]: { body: retailers }, ...answers });
    renderRoute(path);
    const empty = await screen.findByRole('heading', { level: 2, name: /^No / });
    expect(empty).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([title]);
  });
});
