import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedIn } from '../../../test/fixtures.ts';

const account = {
  email: 'u@example.com',
  firstname: 'U',
  surname: 'Ser',
  jobTitle: null,
  customerId: null,
  pendingEmail: null,
};

describe('My Account: the profile save', () => {
  it('posts the changed profile, shows the saved values and says so', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: signedIn() },
      'GET /api/account': { body: account },
      'GET /api/account/sessions': { body: { sessions: [] } },
      'GET /api/auth/passkeys': { body: { passkeys: [] } },
      'POST /api/account': ({ body }) => ({ body: { ...account, ...(body as object) } }),
    });
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
    fakeBackend({
      'GET /api/auth/status': { body: signedIn() },
      'GET /api/account': { body: account },
      'GET /api/account/sessions': { body: { sessions: [] } },
      'GET /api/auth/passkeys': { body: { passkeys: [] } },
    });
    const view = renderRoute(paths.app.myAccount);
    fireEvent.change(await screen.findByLabelText('Job title'), { target: { value: 'Buyer' } });

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    const footer = screen.getByRole('contentinfo');
    fireEvent.click(within(footer).getAllByRole('link')[0]!);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('What you entered here is not saved yet. If you leave now, it is lost.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(view.location().pathname).not.toBe(paths.app.myAccount));
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
