import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { resetSession, setChosenRetailer } from '../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../test/dom.tsx';
import { sessionUser, signedIn } from '../../test/fixtures.ts';

/** A retailer user with card ordering and retailer sales, at the higher authentication standard (SPEC 6). */
const status = signedIn({
  user: { ...sessionUser({ cardOrdering: true, retailerSales: true }), strongAuthentication: true },
});
const emptyPage = { items: [], index: 0, maxResults: 25, totalCount: 0 };

describe('ordering Sales → Orders tab', () => {
  beforeEach(() => {
    resetSession('ordering');
    setChosenRetailer('ordering', { id: 'R-1001', name: 'Nordmarkt' });
  });

  it("shows the orders feature's empty state in words, not catalogue keys", async () => {
    fakeBackend({
      'GET /api/auth/status': { body: status },
      'GET /api/replenishment/orders': { body: emptyPage },
      'GET /api/replenishment/stores': { body: { items: [], storeType: 0, totalCount: 0 } },
      'GET /api/sales': { body: { sales: [], totalSales: { quantity: 0, amountCents: 0 }, resultCount: 0 } },
    });
    renderRoute(`${paths.app.sales}?tab=orders`);
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('No orders')).toBeTruthy();
    expect(main.textContent).not.toMatch(/orders\.empty/);
  });
});
