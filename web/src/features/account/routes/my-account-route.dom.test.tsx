import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { fakeBackend, type FakeRoutes, renderRoute } from '../../../test/dom.tsx';
import { signedIn } from '../../../test/fixtures.ts';

const account = {
  email: 'u@example.com',
  firstname: 'U',
  surname: 'Ser',
  jobTitle: null,
  customerId: null,
  pendingEmail: null,
};

/** The reads of My Account for a signed-in user with no sessions and no passkeys; `more` adds or replaces routes. */
const accountBackend = (more: FakeRoutes = {}) =>
  fakeBackend({
    'GET /api/auth/status': { body: signedIn() },
    'GET /api/account': { body: account },
    'GET /api/account/sessions': { body: { sessions: [] } },
    'GET /api/auth/passkeys': { body: { passkeys: [] } },
    ...more,
  });

describe('My Account: the profile save', () => {
  it('posts the changed profile, shows the saved values and says so', async () => {
    const backend = accountBackend({ 'POST /api/account': ({ body }) => ({ body: { ...account, ...(body as object) } }) });
    renderRoute(paths.app.myAccount);

    fireEvent.change(await screen.findByLabelText('Job title'), { target: { value: 'Buyer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Changes saved successfully')).toBeTruthy();
    expect(backend.callsTo('POST', '/api/account').map((c) => c.body)).toEqual([
      { email: 'u@example.com', firstname: 'U', surname: 'Ser', jobTitle: 'Buyer' },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true));
    expect(screen.getByLabelText('Job title')).toHaveProperty('value', 'Buyer');
  });

  it('asks before a link leaves a typed, unsaved change; the browser asks too (beforeunload)', async () => {
    accountBackend();
    const view = renderRoute(paths.app.myAccount);
    fireEvent.change(await screen.findByLabelText('Job title'), { target: { value: 'Buyer' } });

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    // A public page: the user lands there whatever the session's permissions (the logo's landing may be a section
    // this user is denied, whose dialog would then stay open over the next test).
    const footer = screen.getByRole('contentinfo');
    fireEvent.click(within(footer).getByRole('link', { name: 'Legal notice' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('What you entered here is not saved yet. If you leave now, it is lost.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(view.location().pathname).toBe(paths.about));
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});

describe('My Account: the parts loaded on first use (ADR 136)', () => {
  it('renames a passkey in its dialog, loaded when first opened', async () => {
    const passkey = { credentialId: 'cred-1', name: 'Old laptop', createdAt: '2026-11-01T10:00:00.000Z' };
    const backend = accountBackend({
      'GET /api/auth/passkeys': { body: { passkeys: [passkey] } },
      'PATCH /api/auth/passkeys/cred-1': { body: { success: true } },
    });
    renderRoute(paths.app.myAccount);

    fireEvent.click(await screen.findByRole('button', { name: 'Rename passkey Old laptop' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Work laptop' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(backend.callsTo('PATCH', '/api/auth/passkeys/cred-1').map((c) => c.body)).toEqual([{ name: 'Work laptop' }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for the current password once the e-mail address is changed', async () => {
    accountBackend();
    renderRoute(paths.app.myAccount);

    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    fireEvent.change(await screen.findByLabelText(/^E-mail address/), { target: { value: 'new@example.com' } });
    expect(await screen.findByLabelText(/^Current password/)).toBeTruthy();
  });
});
