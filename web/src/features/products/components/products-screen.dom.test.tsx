import type { ConnectProduct, ProductPage } from '@portal/core/product';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { bodyCellTexts, type FakeCall, fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedInWithModule } from '../../../test/fixtures.ts';
import { expectLayoutPerWidth, setViewportWidth } from '../../../test/viewport.ts';

const status = signedInWithModule('productManagement', { viewProducts: true });
const products: ConnectProduct[] = [
  {
    productId: 'A-1',
    ean: '4012345100013',
    sku: 'AUR-15',
    name: 'Aurora 15',
    company: 'Aurora',
    status: 'active',
    faceValueCents: 1500,
    espCents: 1500,
    currency: 'EUR',
    productType: 'PIN',
    category: 'Gaming',
    contentProviderId: 'P-1',
    contentProviderName: 'Content One',
  },
  {
    productId: 'A-2',
    ean: '4012345100198',
    sku: 'PIX-VAR',
    name: 'Pixel variable',
    company: 'Pixel',
    status: 'locked',
    minValueCents: 500,
    maxValueCents: 10000,
    currency: 'EUR',
    productType: 'POSA',
    category: 'Gaming',
  },
];
const facets = {
  productTypes: ['PIN', 'POSA'],
  categories: ['Gaming'],
  currencies: ['EUR'],
  contentProviders: [{ customerId: 'P-1', name: 'Content One' }],
};
const pageFor = (call: FakeCall): ProductPage => {
  const type = call.query.get('productType');
  const items = products.filter((p) => !type || p.productType === type);
  return {
    items,
    index: Number(call.query.get('index')),
    maxResults: Number(call.query.get('maxResults')),
    totalCount: items.length,
    facets,
  };
};

describe('the connect Products section', () => {
  beforeEach(() => resetSession('connect'));

  it('lists the catalogue with its connect fields and filters by product type through the URL', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: status },
      'GET /api/products': (call) => ({ body: pageFor(call) }),
    });
    const { location } = renderRoute(paths.connect.products);
    const table = await screen.findByRole('table');
    const cells = bodyCellTexts(table);
    expect(cells).toEqual([
      ['Aurora 15Aurora', '4012345100013AUR-15', '€15.00', '€15.00', 'EUR', 'PIN', 'Content One', 'Gaming', 'Active'],
      ['Pixel variablePixel', '4012345100198PIX-VAR', '€5.00 – €100.00', '—', 'EUR', 'POSA', '—', 'Gaming', 'Locked'],
    ]);
    expect(Object.fromEntries(backend.callsTo('GET', '/api/products')[0]!.query)).toEqual({ index: '0', maxResults: '25' });

    fireEvent.change(screen.getByLabelText('Product type'), { target: { value: 'POSA' } });
    await waitFor(() => expect(location().search).toBe('?productType=POSA'));
    await waitFor(() => expect(backend.callsTo('GET', '/api/products').at(-1)!.query.get('productType')).toBe('POSA'));
    await waitFor(() => expect(screen.getByText('Products: 1')).toBeTruthy());
  });

  it('renders the phone cards or the table for the width (md, 768 px), and switches on a resize (ADR 145)', async () => {
    setViewportWidth(375);
    fakeBackend({
      'GET /api/auth/status': { body: status },
      'GET /api/products': (call) => ({ body: pageFor(call) }),
    });
    renderRoute(paths.connect.products);
    await expectLayoutPerWidth({
      breakpoint: 768,
      cards: () => screen.queryByRole('list', { name: 'Products' }),
      table: () => screen.queryByRole('table'),
    });
  });

  it('says "No products" when nothing matches, and offers to clear the filters', async () => {
    fakeBackend({
      'GET /api/auth/status': { body: status },
      'GET /api/products': (call) => ({ body: { ...pageFor(call), items: [], totalCount: 0 } }),
    });
    renderRoute(`${paths.connect.products}?q=zzz`);
    expect(await screen.findByText('No products')).toBeTruthy();
    expect(screen.getByText('No product matches these filters.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Clear filters' }).length).toBeGreaterThan(0);
  });
});
