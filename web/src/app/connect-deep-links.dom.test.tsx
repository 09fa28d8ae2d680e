import type { MasterData } from '@portal/core/masterdata';
import type { SessionStatus } from '@portal/core/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONNECT_SECTIONS } from '../features/connect/sections.ts';
import { rememberCustomer } from '../lib/customer-memory.ts';
import { paths } from '../lib/paths.ts';
import { closeDialog, resetSession } from '../lib/session.ts';
import { fakeBackend, type FakeRoutes, renderRoute } from '../test/dom.tsx';
import { masterDataFixture, signedIn } from '../test/fixtures.ts';

// The first render loads the lazy route, its catalogues and master data: on a busy machine over a second.

const base = signedIn();
const everything: SessionStatus = {
  ...base,
  user: {
    ...base.user!,
    username: 'demo.connect',
    // The Users section needs the higher authentication standard (ADR 123), as a connect admin has it.
    strongAuthentication: true,
    modules: Object.fromEntries(
      Object.entries<Record<string, boolean>>({
        payment: { transactions: true, serialLookup: true },
        salesReporting: { sales: true },
        reportManagement: { reports: true, schedule: true, recipients: true },
        productManagement: { allocation: true, viewProducts: true },
        flow: { doRequests: true, editCompanyAssets: true },
        team: { manageTeam: true },
      }).map(([name, permissions]) => [name, { permissions, settings: {} }]),
    ),
  },
};

const masterData = (customers: { customerId: string; name: string }[]): MasterData =>
  masterDataFixture({ retailers: customers, customers, transactionTypes: [{ transactionTypeId: 'redemption', name: 'Redemption' }] });
const one = masterData([{ customerId: 'P-1', name: 'Provider One' }]);
const two = masterData([
  { customerId: 'P-1', name: 'Provider One' },
  { customerId: 'P-2', name: 'Provider Two' },
]);
const emptyPage = { items: [], index: 0, maxResults: 25, totalCount: 0 };

const backend = (master: MasterData, more: FakeRoutes = {}) =>
  fakeBackend({
    'GET /api/auth/status': { body: everything },
    'GET /api/master-data': { body: master },
    'GET /api/flow/reports': { body: emptyPage },
    'GET /api/transactions': (call) => ({
      body: { ...emptyPage, asOf: '2026-11-25T00:00:00.000Z', complete: true, maxResults: Number(call.query.get('maxResults') ?? 25) },
    }),
    ...more,
  });

const createWithName = async (name: string) => {
  fireEvent.change(await screen.findByLabelText('Name'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Create report' }));
};

describe('connect deep links', () => {
  beforeEach(() => {
    resetSession('connect');
    closeDialog('sectionDenied');
  });

  it('/connect/reports/new opened directly acts for the only customer', async () => {
    const api = backend(one, { 'POST /api/flow/custom-reports': { status: 400, body: { code: 'X', message: 'stop here' } } });
    renderRoute(paths.connect.newReport);
    await createWithName('Daily');
    expect(((await api.bodyOfCall('POST', '/api/flow/custom-reports', 1)) as { customerId: string }).customerId).toBe('P-1');
    expect(screen.queryByText('Choose the customer this report is for.')).toBeNull();
  });

  it('/connect/reports/new starts with the customer the user chose last', async () => {
    rememberCustomer('demo.connect', 'P-2');
    const api = backend(two, { 'POST /api/flow/custom-reports': { status: 400, body: { code: 'X', message: 'stop here' } } });
    renderRoute(paths.connect.newReport);
    await waitFor(() => expect((screen.getAllByLabelText('Customer')[0] as HTMLSelectElement).value).toBe('P-2'));
    await createWithName('Daily');
    expect(((await api.bodyOfCall('POST', '/api/flow/custom-reports', 1)) as { customerId: string }).customerId).toBe('P-2');
  });

  it('/connect/reports/new with several customers and no choice yet asks on the page', async () => {
    const api = backend(two, { 'POST /api/flow/custom-reports': { status: 400, body: { code: 'X', message: 'stop here' } } });
    const view = renderRoute(paths.connect.newReport);
    expect(await screen.findByText('Choose the customer this report is for.')).toBeTruthy();
    fireEvent.change(screen.getAllByLabelText('Customer')[0]!, { target: { value: 'P-2' } });
    await waitFor(() => expect(view.location().search).toBe('?customer=P-2'));
    await createWithName('Daily');
    expect(((await api.bodyOfCall('POST', '/api/flow/custom-reports', 1)) as { customerId: string }).customerId).toBe('P-2');
  });

  it('a customer chosen on Reports is where Transactions starts, listed at once', async () => {
    const api = backend(two);
    const first = renderRoute(`${paths.connect.reports}?customer=P-2`);
    await waitFor(() => expect(api.callsTo('GET', '/api/flow/reports').at(-1)?.query.get('customerId')).toBe('P-2'));
    // Remembered once master data lists P-2 for the user.
    await waitFor(() => expect(localStorage.getItem('portal.customers')).toContain('P-2'));
    first.unmount();
    renderRoute(paths.connect.transactions);
    await waitFor(() => expect(api.callsTo('GET', '/api/transactions')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/transactions')[0]!.query.get('customerId')).toBe('P-2');
    expect(screen.queryByText('Choose a customer', { selector: 'h2' })).toBeNull();
  });

  it('Sales starts with the customer chosen last', async () => {
    rememberCustomer('demo.connect', 'P-2');
    const api = backend(two, {
      'GET /api/connect-sales': { body: { sales: [], totalSales: { quantity: 0, amountCents: 0 }, resultCount: 0 } },
    });
    const view = renderRoute(paths.connect.sales);
    await waitFor(() => expect(new URLSearchParams(view.location().search).get('customer')).toBe('retailer:P-2'));
    expect(api.callsTo('GET', '/api/master-data').length).toBeGreaterThan(0);
  });

  it.each([...CONNECT_SECTIONS.map((s) => s.path), paths.connect.newReport])('%s opened directly shows its page', async (path) => {
    backend(one);
    const view = renderRoute(path);
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1 })).toBeTruthy();
    expect(view.location().pathname).toBe(path);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(main.textContent).not.toContain('reports page first');
  });
});
