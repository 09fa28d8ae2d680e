import type { SerialLookupAnswer, SerialLookupResult, Transaction } from '@portal/core/transaction';

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { expectLayoutPerWidth, setViewportWidth } from '../../../test/viewport.ts';
import { cellTexts, type FakeCall, fakeBackend, headerTexts, renderRoute } from '../../../test/dom.tsx';
import { masterDataFixture, signedInWithModule } from '../../../test/fixtures.ts';

/** A connect user with the payment module's serial lookup (Europe/Berlin, en-US). */
const status = signedInWithModule('payment', { transactions: false, serialLookup: true, transactionExport: false });

const master = masterDataFixture({
  transactionTypes: [
    { transactionTypeId: 'activation', name: 'Activation' },
    { transactionTypeId: 'redemption', name: 'Redemption' },
  ],
});

const FOUND = '7000100000000011';
const EMPTY = '7000100000000012';
const MISSING = '7000999999999999';

const tx = (n: number, over: Partial<Transaction> = {}): Transaction => ({
  key: `k${n}`,
  transactionId: `TX-${n}`,
  at: `2026-11-2${n}T09:14:00.000Z`,
  customerId: 'R-1001',
  customerName: 'Nordmarkt',
  storeId: null,
  terminalId: `POS-${n}`,
  type: 'activation',
  resultCode: '00',
  result: 'approved',
  serial: FOUND,
  ean: '4012345100020',
  amount: 2500,
  currency: 'EUR',
  productId: 'P-1',
  productName: 'Gift card 25',
  source: 'processor',
  ...over,
});

const card = {
  ean: '4012345100020',
  productId: 'P-1',
  productName: 'Gift card 25',
  cardStatus: 'activated',
  serialStatus: 'sold',
  activation: { at: '2026-10-02T09:14:00.000Z', terminalId: 'POS-NM-0001' },
  redemption: null,
  customerId: 'R-1001',
  customerName: 'Nordmarkt',
} as const;

const resultOf = (serial: string): SerialLookupResult =>
  serial === FOUND
    ? {
        serial,
        found: true,
        cards: [card],
        transactions: [
          tx(2, { type: 'redemption', amount: -2500, resultCode: '05', result: 'declined' }),
          tx(1, { source: 'portal', by: 'Rita Retail' }),
        ],
      }
    : serial === EMPTY
      ? { serial, found: true, cards: [{ ...card, cardStatus: 'voided', serialStatus: 'voided', activation: null }], transactions: [] }
      : { serial, found: false, cards: [], transactions: [] };

const lookup = (call: FakeCall) => ({
  body: { results: call.query.get('serials')!.split(',').map(resultOf) } satisfies SerialLookupAnswer,
});

const backend = () =>
  fakeBackend({ 'GET /api/auth/status': { body: status }, 'GET /api/master-data': { body: master }, 'GET /api/serial-numbers': lookup });

const box = () => screen.findByLabelText('Serial numbers');

describe('the Serial Numbers section', () => {
  beforeEach(() => resetSession('connect'));

  it('looks a pasted list up (repeats dropped) and shows each serial: cards, transactions, empty and not found', async () => {
    const api = backend();
    const { location } = renderRoute(paths.connect.serialNumbers);
    fireEvent.change(await box(), { target: { value: `${FOUND}\n${EMPTY}\n${FOUND}\n${MISSING}` } });
    expect(screen.getByText('Serial numbers ready: 3')).toBeTruthy();
    expect(screen.getByText('Repeats dropped: 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));

    await waitFor(() => expect(api.callsTo('GET', '/api/serial-numbers')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/serial-numbers')[0]!.query.get('serials')).toBe(`${FOUND},${EMPTY},${MISSING}`);
    expect(new URLSearchParams(location().search).get('serials')).toBe(`${FOUND},${EMPTY},${MISSING}`);
    expect(await screen.findByText('3 looked up: 2 found, 1 not found')).toBeTruthy();

    const found = within(screen.getByRole('article', { name: FOUND }));
    expect(found.getByText('Gift card 25')).toBeTruthy();
    expect(found.getByText('Activated')).toBeTruthy();
    expect(found.getByText('sold')).toBeTruthy();
    expect(found.getByText('Nordmarkt')).toBeTruthy();
    // Activation in the user's zone (Europe/Berlin, UTC+2 on 2 October) with its terminal.
    expect(found.getByText('Oct 2, 2026, 11:14 AM')).toBeTruthy();
    expect(found.getByText('Terminal POS-NM-0001')).toBeTruthy();
    const rows = within(found.getByRole('table')).getAllByRole('row');
    expect(headerTexts(rows[0]!)).toEqual(['Date', 'Type', 'Result code', 'Result', 'Terminal', 'Amount']);
    expect(cellTexts(rows[1]!)).toEqual(['Nov 22, 2026, 10:14 AM', 'Redemption', '05', 'Declined', 'POS-2', '-€25.00']);
    expect(rows).toHaveLength(3);
    // A coupon action booked in couponing says who booked it.
    expect(within(rows[2]!).getAllByRole('cell')[1]!.textContent).toBe('ActivationBooked in the portal by Rita Retail');

    const empty = within(screen.getByRole('article', { name: EMPTY }));
    expect(empty.getByText('No transactions for the serial')).toBeTruthy();
    expect(empty.getByText('Voided')).toBeTruthy();

    const missing = within(screen.getByRole('article', { name: MISSING }));
    expect(missing.getByText('No results')).toBeTruthy();
    expect(missing.getByText('No card or transaction with this serial number was found.')).toBeTruthy();
    expect(missing.queryByRole('table')).toBeNull();
  });

  it('renders the transactions of a serial as phone rows or a table for the width (md, 768 px), and switches on a resize (ADR 145)', async () => {
    setViewportWidth(375);
    backend();
    renderRoute(`${paths.connect.serialNumbers}?serials=${FOUND}`);
    const caption = `Transactions of serial number ${FOUND}, newest first`;
    await expectLayoutPerWidth({
      breakpoint: 768,
      cards: () => screen.queryByRole('list', { name: caption }),
      table: () => screen.queryByRole('table', { name: caption }),
    });
  });

  it('looks the valid lines up and keeps each bad line marked (one bad line does not stop the lookup)', async () => {
    const api = backend();
    const { location } = renderRoute(paths.connect.serialNumbers);
    fireEvent.change(await box(), { target: { value: `${FOUND}\n12ab-x\n${EMPTY}` } });
    expect(screen.getByText('Lines to correct: 1')).toBeTruthy();
    expect(screen.getByText('Line 2')).toBeTruthy();
    expect(screen.getByText('12ab-x')).toBeTruthy();
    expect(screen.getByText('A serial number has 10 to 20 digits.')).toBeTruthy();
    expect(screen.getByText('Looks up the valid serial numbers; the line listed is left out.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Look up' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    fireEvent.click(button);

    await waitFor(() => expect(api.callsTo('GET', '/api/serial-numbers')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/serial-numbers')[0]!.query.get('serials')).toBe(`${FOUND},${EMPTY}`);
    expect(new URLSearchParams(location().search).get('serials')).toBe(`${FOUND},${EMPTY}`);
    expect(await screen.findByText('2 looked up: 2 found, 0 not found')).toBeTruthy();
    // The bad line stays in the box and marked beside the results.
    expect((screen.getByLabelText('Serial numbers') as HTMLTextAreaElement).value).toBe(`${FOUND}\n12ab-x\n${EMPTY}`);
    expect(screen.getByText('Line 2')).toBeTruthy();
  });

  it('keeps Look up disabled while no line is a serial number', async () => {
    const api = backend();
    renderRoute(paths.connect.serialNumbers);
    fireEvent.change(await box(), { target: { value: '12ab-x' } });
    expect((screen.getByRole('button', { name: 'Look up' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Correct the lines listed to look them up.')).toBeTruthy();
    expect(api.callsTo('GET', '/api/serial-numbers')).toHaveLength(0);
  });

  it('looks the serials of a link up at once and shows them in the box', async () => {
    const api = backend();
    renderRoute(`${paths.connect.serialNumbers}?serials=${MISSING}`);
    expect(await screen.findByText('1 looked up: 0 found, 1 not found')).toBeTruthy();
    expect(((await box()) as HTMLTextAreaElement).value).toBe(MISSING);
    expect(api.callsTo('GET', '/api/serial-numbers')).toHaveLength(1);
  });

  it('says so when the lookup fails, and tries again', async () => {
    let fail = true;
    fakeBackend({
      'GET /api/auth/status': { body: status },
      'GET /api/master-data': { body: master },
      'GET /api/serial-numbers': (call) => (fail ? { status: 500, body: { code: 'SERVER.INTERNAL', message: 'x' } } : lookup(call)),
    });
    renderRoute(`${paths.connect.serialNumbers}?serials=${FOUND}`);
    expect(await screen.findByText('The serial numbers could not be looked up.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 looked up: 1 found, 0 not found')).toBeTruthy();
  });
});
