import type { SerialCheckAnswer } from '@portal/core/couponing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedIn, sessionUser } from '../../../test/fixtures.ts';
import { expectLayoutPerWidth, setViewportWidth } from '../../../test/viewport.ts';

/** A couponing manager with the higher authentication standard (couponing needs both). */
const status = signedIn({ user: { ...sessionUser({ couponingManagement: true }), strongAuthentication: true } });

const card = (serial: string) => ({
  serial,
  ean: '4006381333931',
  eanSecond: null,
  productId: 'P1',
  productName: 'Gift card 25',
  contract: false,
  couponingStatus: 'activated' as const,
  serialStatus: 'available' as const,
});

const answer: SerialCheckAnswer = {
  results: [
    { serial: '1234567890', serialStatus: 'available', cards: [card('1234567890')] },
    { serial: '9876543210', serialStatus: 'notFound', cards: [] },
  ],
};

describe('couponing: Filter → Query', () => {
  it('sends the typed serials to the serial-number check and shows its answer on the Query step', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: status },
      'POST /api/serial-number-check': { body: answer },
    });
    const { location } = renderRoute(paths.app.couponing.serials);

    const field = await screen.findByLabelText(/Serial numbers/);
    const query = screen.getByRole('button', { name: 'Query' });
    expect(query).toHaveProperty('disabled', true);

    fireEvent.change(field, { target: { value: '1234567890\n98765-43210' } });
    // The draft store's subscription is a passive effect; the field can be found before it has run.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Query' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Query' }));

    await waitFor(() => expect(location().pathname).toBe(paths.app.couponing.query));
    expect(await screen.findByText('Serial numbers checked: 2')).toBeTruthy();
    expect(screen.getByText('Not found: 1')).toBeTruthy();
    expect(backend.callsTo('POST', '/api/serial-number-check').map((c) => c.body)).toEqual([{ serials: ['1234567890', '9876543210'] }]);
  });

  it('renders the results of the check as phone cards or a table for the width (sm, 640 px), and switches on a resize (ADR 145)', async () => {
    setViewportWidth(375);
    fakeBackend({ 'GET /api/auth/status': { body: status }, 'POST /api/serial-number-check': { body: answer } });
    renderRoute(paths.app.couponing.serials);
    fireEvent.change(await screen.findByLabelText(/Serial numbers/), { target: { value: '1234567890\n9876543210' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Query' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Query' }));
    const caption = 'Results of the serial number check';
    await expectLayoutPerWidth({
      breakpoint: 640,
      cards: () => screen.queryByRole('list', { name: caption }),
      table: () => screen.queryByRole('table', { name: caption }),
    });
  });

  it('keeps Query disabled while a line is not a serial number, and sends nothing', async () => {
    const backend = fakeBackend({ 'GET /api/auth/status': { body: status } });
    renderRoute(paths.app.couponing.serials);

    fireEvent.change(await screen.findByLabelText(/Serial numbers/), { target: { value: '1234567890\nabc' } });
    expect(await screen.findByText('Correct or remove the lines listed to query.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Query' })).toHaveProperty('disabled', true);
    expect(backend.callsTo('POST', '/api/serial-number-check')).toEqual([]);
  });
});
