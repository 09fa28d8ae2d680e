import type { Transaction, TransactionPage } from '@portal/core/transaction';
import type { MasterData } from '@portal/core/masterdata';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { cellTexts, type FakeCall, fakeBackend, fillFields, headerTexts, renderRoute } from '../../../test/dom.tsx';
import { exportJobFixture, masterDataFixture, signedInWithModule } from '../../../test/fixtures.ts';
import { expectLayoutPerWidth, setViewportWidth } from '../../../test/viewport.ts';

// The first render loads the lazy route, its catalogues and master data: on a busy machine over a second.

/** A connect user with the payment module's transactions permission (Europe/Berlin, en-US). */
const status = signedInWithModule('payment', { transactions: true, serialLookup: true, transactionExport: true });

const masterData = (customers: { customerId: string; name: string }[]): MasterData =>
  masterDataFixture({
    retailers: customers,
    customers,
    transactionTypes: [
      { transactionTypeId: 'redemption', name: 'Redemption' },
      { transactionTypeId: 'activation', name: 'Activation' },
    ],
  });

const tx = (n: number, over: Partial<Transaction> = {}): Transaction => ({
  key: `k${n}`,
  transactionId: `TX-${n}`,
  at: `2026-11-24T1${n % 10}:30:00.000Z`,
  customerId: 'R-1',
  customerName: 'Retail One',
  storeId: 'S-1',
  terminalId: `T-${n}`,
  type: 'redemption',
  resultCode: '00',
  result: 'approved',
  serial: `12345678${String(n).padStart(2, '0')}`,
  ean: '4006381333931',
  amount: 1250 + n,
  currency: 'EUR',
  productId: 'P-1',
  productName: 'Gift card 25',
  source: 'processor',
  ...over,
});

const AS_OF = '2026-11-25T00:40:00.000Z';
const pageOf = (call: FakeCall, total: number, over: Partial<TransactionPage> = {}): TransactionPage => {
  const index = Number(call.query.get('index'));
  const size = Number(call.query.get('maxResults'));
  const first = index * size;
  const items = Array.from({ length: Math.max(0, Math.min(size, total - first)) }, (_, i) => tx(first + i));
  return { items, index, maxResults: size, totalCount: total, asOf: call.query.get('asOf') ?? AS_OF, complete: true, ...over };
};

const oneCustomer = masterData([{ customerId: 'R-1', name: 'Retail One' }]);
const twoCustomers = masterData([
  { customerId: 'R-1', name: 'Retail One' },
  { customerId: 'R-2', name: 'Retail Two' },
]);

const table = async () => within(await screen.findByRole('table'));

const backendWith = (master: MasterData, list: (call: FakeCall) => { status?: number; body: unknown }, detail?: FakeCall['path']) =>
  fakeBackend({
    'GET /api/auth/status': { body: status },
    'GET /api/master-data': { body: master },
    'GET /api/transactions': list,
    ...(detail ? { [`GET ${detail}`]: { body: tx(1) } } : {}),
  });

describe('the Transactions section', () => {
  beforeEach(() => resetSession('connect'));

  it('lists the only customer’s last 7 days at once, a column for every filter field plus amount and product', async () => {
    const backend = backendWith(oneCustomer, (call) => ({ body: pageOf(call, 3) }));
    renderRoute(paths.connect.transactions);

    const rows = (await table()).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(headerTexts(rows[0]!)).toEqual([
      'Date and time ↓ (newest first)',
      'Type',
      'Result',
      'Result code',
      'Serial number',
      'Terminal ID',
      'EAN',
      'Product',
      'Amount',
    ]);
    // In the user's zone (Europe/Berlin: UTC+1), the type by its master-data name, cents with 2 decimals.
    expect(cellTexts(rows[1]!)).toEqual([
      'Nov 24, 2026, 11:30 AM',
      'Redemption',
      'Approved',
      '00',
      '1234567800',
      'T-0',
      '4006381333931',
      'Gift card 25',
      '€12.50',
    ]);
    const [call] = backend.callsTo('GET', '/api/transactions');
    expect(Object.fromEntries(call!.query)).toMatchObject({ customerId: 'R-1', index: '0', maxResults: '50' });
    expect(call!.query.get('startDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(call!.query.has('asOf')).toBe(false);
    expect(screen.getByText('3 results')).toBeTruthy();
  });

  it('renders the phone cards or the table for the width (md, 768 px), and switches on a resize (ADR 145)', async () => {
    setViewportWidth(375);
    backendWith(oneCustomer, (call) => ({ body: pageOf(call, 3) }));
    renderRoute(paths.connect.transactions);
    await expectLayoutPerWidth({
      breakpoint: 768,
      cards: () => screen.queryByRole('list', { name: 'Transactions' }),
      table: () => screen.queryByRole('table'),
    });
  });

  it("names each row's customer in a content provider's list, which holds its products' sales at other customers (ADR 056)", async () => {
    const provider = { customerId: 'P-1', name: 'Provider One' };
    const master = { ...masterData([provider]), retailers: [], providers: [provider] };
    backendWith(master, (call) => ({
      body: pageOf(call, 2, { items: [tx(1), tx(2, { customerId: 'P-1', customerName: 'Provider One' })] }),
    }));
    renderRoute(paths.connect.transactions);

    const rows = (await table()).getAllByRole('row');
    expect(headerTexts(rows[0]!).slice(0, 2)).toEqual(['Date and time ↓ (newest first)', 'Customer']);
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['Retail One', 'Provider One']);
  });

  it('asks for a customer when the user may act for several, then searches with the filter and puts it in the URL', async () => {
    const backend = backendWith(twoCustomers, (call) => ({ body: pageOf(call, 2) }));
    const { location } = renderRoute(paths.connect.transactions);

    expect(await screen.findByText('Choose a customer', { selector: 'h2' })).toBeTruthy();
    fillFields({ Customer: 'R-2', 'Terminal ID': 'T-7', Result: 'declined' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await backend.queryOfCall('GET', '/api/transactions', 1)).toMatchObject({
      customerId: 'R-2',
      terminalId: 'T-7',
      result: 'declined',
    });
    const url = new URLSearchParams(location().search);
    expect(url.get('customerId')).toBe('R-2');
    expect(url.get('terminalId')).toBe('T-7');
    expect(url.get('preset')).toBe('week');
    expect((await table()).getAllByRole('row')).toHaveLength(3);
  });

  it('pages with the first page’s asOf (stable paging) and drops it on refresh', async () => {
    const backend = backendWith(oneCustomer, (call) => ({ body: pageOf(call, 120) }));
    const { location } = renderRoute(paths.connect.transactions);

    await table();
    expect(screen.getByText(/Page 1 of 3/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(new URLSearchParams(location().search).get('page')).toBe('2'));
    expect(new URLSearchParams(location().search).get('asOf')).toBe(AS_OF);
    expect(await backend.queryOfCall('GET', '/api/transactions', 2)).toMatchObject({ index: '1', asOf: AS_OF });

    // Page size: back to page 1 in the same snapshot.
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '100' } });
    expect(await backend.queryOfCall('GET', '/api/transactions', 3)).toMatchObject({
      index: '0',
      maxResults: '100',
      asOf: AS_OF,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(new URLSearchParams(location().search).has('asOf')).toBe(false));
    await waitFor(() => expect(backend.callsTo('GET', '/api/transactions')).toHaveLength(4));
    expect(backend.callsTo('GET', '/api/transactions')[3]!.query.has('asOf')).toBe(false);
  });

  it('jumps to a deep page in one step', async () => {
    const backend = backendWith(oneCustomer, (call) => ({ body: pageOf(call, 5000) }));
    renderRoute(paths.connect.transactions);
    await table();
    fireEvent.change(screen.getByLabelText('Go to page'), { target: { value: '87' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(backend.callsTo('GET', '/api/transactions')).toHaveLength(2));
    expect(backend.callsTo('GET', '/api/transactions')[1]!.query.get('index')).toBe('86');
    expect(await screen.findByText(/Page 87 of 100/)).toBeTruthy();
  });

  it('says when the server could not examine every row, and how to narrow the filter', async () => {
    backendWith(oneCustomer, (call) => ({ body: pageOf(call, 7, { complete: false, scannedThrough: '2026-11-20T07:00:00.000Z' }) }));
    renderRoute(`${paths.connect.transactions}?resultCode=05`);
    expect(await screen.findByText('Not every transaction was examined')).toBeTruthy();
    expect(
      screen.getByText(
        'Only rows from Nov 20, 2026, 8:00 AM onwards were examined for this filter; narrow the date range or add a terminal, EAN or serial filter.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('at least 7 results')).toBeTruthy();
  });

  it('shows "no results" for an empty answer', async () => {
    backendWith(oneCustomer, (call) => ({ body: pageOf(call, 0) }));
    renderRoute(paths.connect.transactions);
    expect(await screen.findByText('no results')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opens a row’s detail with every field (the detail call), in the URL, and closes it', async () => {
    const backend = backendWith(oneCustomer, (call) => ({ body: pageOf(call, 3) }), '/api/transactions/k1');
    const { location } = renderRoute(paths.connect.transactions);
    const rows = (await table()).getAllByRole('row');
    fireEvent.click(within(rows[2]!).getByRole('button'));

    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('TX-1');
    expect(backend.callsTo('GET', '/api/transactions/k1')).toHaveLength(1);
    expect(new URLSearchParams(location().search).get('tx')).toBe('k1');
    for (const text of ['Retail One (R-1)', 'S-1', 'T-1', 'Processor', '€12.51', 'EUR', '1234567801']) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(new URLSearchParams(location().search).has('tx')).toBe(false);
  });

  it('answers a transaction that is not visible like one that does not exist', async () => {
    fakeBackend({
      'GET /api/auth/status': { body: status },
      'GET /api/master-data': { body: oneCustomer },
      'GET /api/transactions': (call) => ({ body: pageOf(call, 1) }),
      'GET /api/transactions/other': { status: 404, body: { code: 'TRANSACTION.NOT_FOUND', message: 'Transaction not found' } },
    });
    renderRoute(`${paths.connect.transactions}?tx=other`);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('This transaction does not exist or is not visible to you.')).toBeTruthy();
  });

  it('checks the filter with core’s rules at the fields and sends nothing while it is wrong', async () => {
    const backend = backendWith(oneCustomer, (call) => ({ body: pageOf(call, 1) }));
    renderRoute(paths.connect.transactions);
    await table();
    fireEvent.change(screen.getByLabelText('EAN'), { target: { value: '4006381333932' } });
    fireEvent.change(screen.getByLabelText('Result code'), { target: { value: '0-5' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('An EAN has 8, 12, 13 or 14 digits with a valid check digit.')).toBeTruthy();
    expect(screen.getByText('A result code has 1 to 8 letters or digits.')).toBeTruthy();
    expect(screen.getByText('The end date is before the start date.')).toBeTruthy();
    expect(backend.callsTo('GET', '/api/transactions')).toHaveLength(1);
  });

  it('shows the server’s field issues at the fields', async () => {
    backendWith(oneCustomer, () => ({
      status: 400,
      body: { code: 'VALIDATION', message: 'Invalid input', issues: [{ path: 'serial', message: 'not a serial number' }] },
    }));
    renderRoute(`${paths.connect.transactions}?serial=1234567890`);
    expect(await screen.findByText('The filter was not accepted: please check the marked fields.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid serial number.')).toBeTruthy();
  });

  it('exports the applied filter’s whole result (not the page) with the export permission', async () => {
    const job = exportJobFixture({ jobId: 'job-12345678', format: 'csv', createdAt: AS_OF });
    const backend = fakeBackend({
      'GET /api/auth/status': { body: status },
      'GET /api/master-data': { body: oneCustomer },
      'GET /api/transactions': (call) => ({ body: pageOf(call, 60) }),
      'POST /api/exports': { status: 202, body: job },
      'GET /api/exports/job-12345678': { body: { ...job, status: 'running', totalRows: 60, rowsWritten: 30 } },
    });
    renderRoute(`${paths.connect.transactions}?terminalId=T-1&page=2&asOf=${AS_OF}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Start export' }));
    const body = (await backend.bodyOfCall('POST', '/api/exports', 1)) as { kind: string; format: string; filter: Record<string, string> };
    expect(body.kind).toBe('transactions');
    expect(body.format).toBe('csv');
    // The filter only: the export is the whole result, not the page.
    expect(Object.keys(body.filter).sort()).toEqual(['customerId', 'endDate', 'startDate', 'terminalId']);
    expect(body.filter).toMatchObject({ customerId: 'R-1', terminalId: 'T-1' });
    expect(await screen.findByText('Exporting… 30 of 60 rows')).toBeTruthy();
  });

  it('offers no export to a user without the export permission', async () => {
    const noExport = signedInWithModule('payment', { transactions: true, serialLookup: true });
    fakeBackend({
      'GET /api/auth/status': { body: noExport },
      'GET /api/master-data': { body: oneCustomer },
      'GET /api/transactions': (call) => ({ body: pageOf(call, 3) }),
    });
    renderRoute(paths.connect.transactions);
    await table();
    expect(screen.queryByRole('button', { name: 'Start export' })).toBeNull();
  });

  it('answers a customer that is not the user’s at the customer field (404 like an unknown one)', async () => {
    backendWith(twoCustomers, () => ({ status: 404, body: { code: 'TRANSACTION.CUSTOMER_NOT_FOUND', message: 'Customer not found.' } }));
    renderRoute(`${paths.connect.transactions}?customerId=R-9`);
    expect(await screen.findByText('The filter was not accepted: please check the marked fields.')).toBeTruthy();
    expect(screen.getByText('Please choose a customer from the list.')).toBeTruthy();
    expect((screen.getByLabelText('Customer') as HTMLSelectElement).value).toBe('R-9');
  });

  it('says when a linked page is past the end and goes to the last page', async () => {
    const backend = backendWith(oneCustomer, (call) => ({ body: pageOf(call, 60) }));
    renderRoute(`${paths.connect.transactions}?page=9&asOf=${AS_OF}`);
    expect(await screen.findByText('Page 9 is past the end: there are 2 pages.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(backend.callsTo('GET', '/api/transactions').at(-1)!.query.get('index')).toBe('1'));
    await waitFor(() => expect(screen.queryByText(/past the end/)).toBeNull());
  });
});
