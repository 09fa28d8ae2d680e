import type { ProductsAnswer } from '@portal/core/ordering';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession, setChosenRetailer } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { sessionUser, signedIn } from '../../../test/fixtures.ts';
import { address, product } from '../model/test-products.ts';

/**
 * The consumer price column under the host brand's label (ADR 089): the server's answer names it ("MSRP"), the
 * brand's text as it is in every language; without one the catalogue's translated "Coupon face value". The
 * price in force shows with its next scheduled change.
 */
const statusIn = (locale: string) => signedIn({ user: { ...sessionUser({ cardOrdering: true }), locale, strongAuthentication: true } });
const retailers = { items: [{ customerId: 'R-1', name: 'Nordmarkt', customerGroupId: 'G-1' }], index: 0, maxResults: 10, totalCount: 1 };
const answer = (over: Partial<ProductsAnswer> = {}): ProductsAnswer => ({
  location: address(),
  items: [product({ faceValueCents: 2999, nextFaceValue: { from: '2027-01-01', cents: 3199 } })],
  ...over,
});

function open(path: string, locale: string, products: ProductsAnswer) {
  fakeBackend({
    'GET /api/auth/status': { body: statusIn(locale) },
    'GET /api/replenishment/retailers': { body: retailers },
    'GET /api/replenishment/products': { body: products },
  });
  return renderRoute(path);
}

describe('the price column of the products step', () => {
  beforeEach(() => {
    resetSession('ordering');
    setChosenRetailer('ordering', { id: 'R-1', name: 'Nordmarkt' });
  });

  it('is headed by the brand label, shown by default, with the price in force and its next change', async () => {
    open(paths.app.order.location('S1'), 'en-US', answer({ priceLabel: 'MSRP' }));
    const table = await screen.findByRole('table');
    const header = within(table).getByRole('columnheader', { name: /MSRP/ });
    expect(header).toBeTruthy();
    // In the packaging unit's place (the PU is in the name's limits line).
    expect(within(table).queryByRole('columnheader', { name: /^PU/ })).toBeNull();
    const from = within(table).getByText(/^from .*2027:$/);
    expect(from.closest('td')?.textContent).toMatch(/^€29\.99from .*2027:€31\.99$/);
  });

  it('keeps the brand label in German and the translated catalogue heading without one', async () => {
    const product = paths.app.order.product('S1', 'P1');
    const first = open(product, 'de-DE', answer({ priceLabel: 'MSRP' }));
    expect(await screen.findByText('MSRP', { selector: 'dt' })).toBeTruthy();
    expect(screen.queryByText('Coupon-Nennwert')).toBeNull();
    first.unmount();

    open(product, 'de-DE', answer());
    expect(await screen.findByText('Coupon-Nennwert', { selector: 'dt' })).toBeTruthy();
    expect(screen.queryByText('MSRP')).toBeNull();
  });

  it('leaves the price out of the default columns where the brand names none', async () => {
    open(paths.app.order.location('S1'), 'en-US', answer());
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: /Coupon face value/ })).toBeNull();
  });
});
