import type { OrdersPage } from '@portal/core/ordering';
import { screen } from '@testing-library/react';
import { beforeEach, describe, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession, setChosenRetailer } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { sessionUser, signedIn } from '../../../test/fixtures.ts';
import { expectLayoutPerWidth, setViewportWidth } from '../../../test/viewport.ts';

const status = signedIn({ user: { ...sessionUser({ cardOrdering: true }), strongAuthentication: true } });
const retailers = { items: [{ customerId: 'R-1', name: 'Nordmarkt', customerGroupId: 'G-1' }], index: 0, maxResults: 10, totalCount: 1 };
const order = (n: number): OrdersPage['items'][number] => ({
  orderId: `O-${n}`,
  retailerId: 'R-1',
  reference: null,
  orderedAt: '2026-11-20T09:30:00.000Z',
  orderedBy: 'Rita Retail',
  status: 'ordered',
  storeType: 1,
  storeId: 'D-1',
  storeName: 'Lager Nord',
  quantityOrdered: 10,
  quantityShipped: 0,
  positionCount: 1,
});

describe('the orders list', () => {
  beforeEach(() => {
    resetSession('ordering');
    setChosenRetailer('ordering', { id: 'R-1', name: 'Nordmarkt' });
  });

  it('renders the phone cards or the table for the width (sm, 640 px), and switches on a resize (ADR 145)', async () => {
    setViewportWidth(375);
    fakeBackend({
      'GET /api/auth/status': { body: status },
      'GET /api/replenishment/retailers': { body: retailers },
      'GET /api/replenishment/orders': { body: { items: [order(1), order(2)], index: 0, maxResults: 25, totalCount: 2 } },
    });
    renderRoute(paths.app.orders);
    await expectLayoutPerWidth({
      breakpoint: 640,
      cards: () => screen.queryByRole('list', { name: 'Orders' }),
      table: () => screen.queryByRole('table', { name: 'Orders' }),
    });
  });
});
