import type { SerialDetails } from '@portal/core/couponing';
import { screen } from '@testing-library/react';
import { describe, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedIn, sessionUser } from '../../../test/fixtures.ts';
import { expectLayoutPerWidth, setViewportWidth } from '../../../test/viewport.ts';

/** A couponing manager with the higher authentication standard (couponing needs both). */
const status = signedIn({ user: { ...sessionUser({ couponingManagement: true }), strongAuthentication: true } });
const SERIAL = '1234567890';
const EAN = '4006381333931';
const booking = (at: string, type: 'activate' | 'redeem') => ({
  transactionId: `TX-${type}`,
  at,
  terminalId: 'POS-1',
  type,
  ean: EAN,
  resultCode: 0,
  status: type === 'activate' ? ('activated' as const) : ('redeemed' as const),
  by: 'Rita Retail',
});
const details: SerialDetails = {
  card: {
    serial: SERIAL,
    ean: EAN,
    eanSecond: null,
    productId: 'P1',
    productName: 'Gift card 25',
    contract: false,
    couponingStatus: 'redeemed',
    serialStatus: 'available',
    retailerId: 'R-1',
    retailerName: 'Nordmarkt',
    validUntil: null,
    brand: null,
    faceValue: 25,
  },
  activation: { at: '2026-11-20T09:30:00.000Z', terminalId: 'POS-1' },
  redemption: { at: '2026-11-21T09:30:00.000Z', terminalId: 'POS-1' },
  transactions: [booking('2026-11-21T09:30:00.000Z', 'redeem'), booking('2026-11-20T09:30:00.000Z', 'activate')],
  transactionCount: 2,
  actions: [],
};

describe('couponing: a card’s transactions', () => {
  it('renders the phone cards or the table for the width (sm, 640 px), and switches on a resize (ADR 145)', async () => {
    setViewportWidth(375);
    fakeBackend({ 'GET /api/auth/status': { body: status }, [`GET /api/serial-number-check/${SERIAL}`]: { body: details } });
    renderRoute(paths.app.couponing.card(SERIAL, EAN));
    const caption = 'Transactions of the card';
    await expectLayoutPerWidth({
      breakpoint: 640,
      cards: () => screen.queryByRole('list', { name: caption }),
      table: () => screen.queryByRole('table', { name: caption }),
    });
  });
});
