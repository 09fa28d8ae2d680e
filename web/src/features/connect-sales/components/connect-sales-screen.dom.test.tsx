import type { MasterData } from '@portal/core/masterdata';
import type { SessionStatus } from '@portal/core/auth';
import type { SalesAnswer } from '@portal/core/sales';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { type FakeCall, fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { masterDataFixture, signedInWithModule } from '../../../test/fixtures.ts';

// The first render loads the lazy route, its catalogues and master data: on a busy machine over a second.

const status = (salesExport: boolean): SessionStatus => signedInWithModule('salesReporting', { sales: true, salesExport });
const masterData: MasterData = masterDataFixture({
  retailers: [{ customerId: 'R-1', name: 'Retail One' }],
  providers: [{ customerId: 'P-1', name: 'Content One' }],
  customers: [
    { customerId: 'R-1', name: 'Retail One' },
    { customerId: 'P-1', name: 'Content One' },
  ],
  currencies: [],
});
const byProduct: SalesAnswer = {
  sales: [
    { key: 'A-1', label: 'Aurora 15', quantity: 3, amountCents: 4500 },
    { key: 'A-2', label: 'Aurora 25', quantity: 2, amountCents: 5000 },
  ],
  totalSales: { quantity: 5, amountCents: 9500 },
  resultCount: 2,
};
const nothing = (call: FakeCall): SalesAnswer => ({
  sales: call.query.get('groupBy') === 'product' ? [] : [{ key: call.query.get('startDate')!, label: '', quantity: 0, amountCents: 0 }],
  totalSales: { quantity: 0, amountCents: 0 },
  resultCount: 0,
});

const backendWith = (sales: (call: FakeCall) => SalesAnswer, salesExport = false) =>
  fakeBackend({
    'GET /api/auth/status': { body: status(salesExport) },
    'GET /api/master-data': { body: masterData },
    'GET /api/connect-sales': (call) => ({ body: sales(call) }),
  });

describe('the connect Sales section', () => {
  beforeEach(() => resetSession('connect'));

  it('preselects the first customer, asks for the 28 days ending yesterday, and shows "No sales" when nothing sold', async () => {
    const backend = backendWith(nothing);
    renderRoute(paths.connect.sales);
    expect(await screen.findByText('No sales')).toBeTruthy();
    const [call] = backend.callsTo('GET', '/api/connect-sales');
    expect(Object.fromEntries(call!.query)).toMatchObject({ customerType: 'retailer', customerId: 'R-1', groupBy: 'day' });
    const days =
      (Date.parse(`${call!.query.get('endDate')}T00:00:00Z`) - Date.parse(`${call!.query.get('startDate')}T00:00:00Z`)) / 86_400_000 + 1;
    expect(days).toBe(28);
    // Without salesReporting.salesExport there is no export panel.
    expect(screen.queryByText('Export')).toBeNull();
  });

  it('switches to a provider and to group by product: the table lists the groups with a total row', async () => {
    const backend = backendWith((call) => (call.query.get('groupBy') === 'product' ? byProduct : nothing(call)), true);
    renderRoute(paths.connect.sales);
    await screen.findByText('No sales');
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: 'provider:P-1' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Product' }));
    const table = within(await screen.findByRole('table'));
    const rows = table.getAllByRole('row').map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(rows.filter((r) => r.length)).toEqual([
      ['Aurora 15', 'A-1', '3', '€45.00'],
      ['Aurora 25', 'A-2', '2', '€50.00'],
      ['5', '€95.00'],
    ]);
    await waitFor(() => expect(backend.callsTo('GET', '/api/connect-sales').at(-1)!.query.get('customerType')).toBe('provider'));
    expect(screen.getByText('Export')).toBeTruthy();
  });
});
