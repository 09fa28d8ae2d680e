import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../lib/paths.ts';
import { closeDialog, resetSession } from '../lib/session.ts';
import { fakeBackend, renderRoute } from '../test/dom.tsx';
import { sessionUser, signedIn } from '../test/fixtures.ts';

/** A couponing-only user (like demo.coupons): no card ordering, no retailer sales. */
const couponsOnly = signedIn({ user: { ...sessionUser({ couponingManagement: true }), strongAuthentication: true } });

describe('an ordering portal section the permissions do not open', () => {
  beforeEach(() => {
    resetSession('ordering');
    closeDialog('sectionDenied');
  });

  it('says "Access denied" over the landing page instead of going there silently', async () => {
    fakeBackend({ 'GET /api/auth/status': { body: couponsOnly } });
    const view = renderRoute(paths.app.orders);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Access denied')).toBeTruthy();
    expect(within(dialog).getByText('You do not have permission to access this section.')).toBeTruthy();
    await waitFor(() => expect(view.location().pathname).not.toBe(paths.app.orders));
  });

  it('opens a permitted section without the dialog', async () => {
    fakeBackend({ 'GET /api/auth/status': { body: couponsOnly } });
    const view = renderRoute(paths.app.couponing.serials);
    await screen.findByLabelText(/Serial numbers/);
    expect(view.location().pathname).toBe(paths.app.couponing.serials);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
