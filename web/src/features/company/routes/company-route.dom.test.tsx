import type { CompanyView } from '@portal/core/company';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedInWithModule } from '../../../test/fixtures.ts';

/** The Company section against a fake API (ADR 085): the profile, a save sent for approval, field errors, a pending change blocking edits. */
const editor = signedInWithModule('flow', { editCompanyProfile: true });
const company = (over: Partial<CompanyView> = {}): CompanyView => ({
  customerId: 'P-1',
  profile: {
    name: '<b>Aurora</b> Digital',
    billingAddress: { street: 'Speicherstadt 5', postalCode: '20457', city: 'Hamburg', country: 'DE' },
    shippingAddress: null,
    contacts: [],
    vatId: 'DE811907980',
    invoiceEmail: 'invoices@aurora.example',
  },
  rev: 3,
  updatedAt: '2026-11-20T09:00:00.000Z',
  updatedBy: 'demo.connect',
  pending: [],
  approvalRequired: true,
  mayEdit: true,
  history: [],
  ...over,
});

describe('the Company section', () => {
  beforeEach(() => resetSession('connect'));

  it('shows a name holding HTML as text, checks fields before sending, and says a save was sent for approval', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: editor },
      'GET /api/company': { body: company() },
      'PUT /api/company/P-1/profile': { body: { outcome: 'filed', requestId: 'WR-ABCD2345' } },
    });
    renderRoute(paths.connect.company);
    expect(await screen.findByText('<b>Aurora</b> Digital')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    fireEvent.change(screen.getByLabelText(/VAT ID/), { target: { value: 'DE12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not a valid DE VAT ID')).toBeTruthy();
    expect(backend.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByLabelText(/VAT ID/), { target: { value: 'DE 811 907 981' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sent for approval as request WR-ABCD2345.')).toBeTruthy();
    const put = backend.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ rev: 3, profile: { vatId: 'DE811907981' } });
  });

  it('blocks editing while a change waits, linking its request and showing its diff', async () => {
    fakeBackend({
      'GET /api/auth/status': { body: editor },
      'GET /api/company': {
        body: company({
          pending: [
            {
              kind: 'profile',
              requestId: 'WR-PEND2345',
              status: 'pending',
              requestedBy: 'Conrad Connect',
              createdAt: '2026-11-21T09:00:00.000Z',
              diff: [{ field: 'contacts.0.name', before: 'Old', after: 'New' }],
            },
          ],
        }),
      },
    });
    renderRoute(paths.connect.company);
    const link = await screen.findByRole('link', { name: 'Open request WR-PEND2345' });
    expect(link.getAttribute('href')).toBe(paths.connect.request('WR-PEND2345'));
    expect(screen.getByRole('rowheader', { name: 'Contact person 1 › Name' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit profile' })).toBeNull());
  });
});
