import { screen } from '@testing-library/react';
import { beforeEach, describe, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession, setChosenRetailer } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { sessionUser, signedIn } from '../../../test/fixtures.ts';
import { expectLayoutPerWidth, setViewportWidth } from '../../../test-support/viewport.ts';

const status = signedIn({ user: { ...sessionUser({ cardOrdering: true }), strongAuthentication: true } });
const retailers = { items: [{ customerId: 'R-1', name: 'Nordmarkt', customerGroupId: 'G-1' }], index: 0, maxResults: 10, totalCount: 1 };
const centre = { storeType: 1, retailerId: 'R-1', street: 'Hafenweg 1', postalCode: '20457', city: 'Hamburg', address: '' };
const centres = {
  storeType: 1,
  totalCount: 2,
  items: [
    { ...centre, storeId: 'D-1', name: 'Lager Nord', customerStoreId: 'C-1', status: 'active' },
    { ...centre, storeId: 'D-2', name: 'Lager Süd', customerStoreId: null, status: 'locked' },
  ],
};

describe('the order’s address step', () => {
  beforeEach(() => {
    resetSession('ordering');
    setChosenRetailer('ordering', { id: 'R-1', name: 'Nordmarkt' });
  });

  it('renders the phone cards or the table for the width (md, 768 px), and switches on a resize (ADR 145)', async () => {
    setViewportWidth(375);
    fakeBackend({
      'GET /api/auth/status': { body: status },
      'GET /api/replenishment/retailers': { body: retailers },
      'GET /api/replenishment/retailers/R-1/distribution-centers': { body: centres },
    });
    renderRoute(paths.app.order.address);
    await expectLayoutPerWidth({
      breakpoint: 768,
      cards: () => screen.queryByRole('list', { name: 'Delivery addresses' }),
      table: () => screen.queryByRole('table', { name: 'Delivery addresses' }),
    });
  });
});
