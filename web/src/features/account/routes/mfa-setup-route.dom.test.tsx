import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedIn } from '../../../test/fixtures.ts';

/**
 * The MFA set-up page and re-authentication (ADR 055): right after a sign-in the server's `reauthUntil`
 * lets the page skip the password prompt; when the server wants the password after all, the page asks
 * for it and sends the same request again with it. Without a recent sign-in the prompt comes first.
 */
// The one answer that shows a new secret carries its QR code too (ADR 052).
const key = { secret: 'JBSWY3DPEHPK3PXP', issuer: 'CardPortal', account: 'u', qr: 'data:image/png;base64,iVBORw0KGgo=' };
const passwordRequired = {
  status: 400,
  body: {
    code: 'ACCOUNT.PASSWORD_REQUIRED',
    message: 'Please enter your current password.',
    issues: [{ path: 'currentPassword', message: 'Value is required' }],
  },
};

describe('MFA set-up and a recent sign-in', () => {
  it('makes the secret without a prompt right after sign-in, and asks for the password when activation needs it', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: signedIn({ reauthUntil: new Date(Date.now() + 4 * 60_000).toISOString() }) },
      'POST /api/auth/secret-code/new': { body: key },
      'POST /api/auth/secret-code': ({ body }) =>
        (body as { currentPassword?: string }).currentPassword === 'Right-Password-2026!'
          ? { body: { success: true, recoveryCodes: ['1234567890'] } }
          : passwordRequired,
    });
    renderRoute(paths.app.mfaSetup);

    fireEvent.click(await screen.findByRole('button', { name: /Authenticator app/ }));
    await screen.findByText('Code from the app');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(backend.callsTo('POST', '/api/auth/secret-code/new').map((c) => c.body)).toEqual([{}]);

    // The window closed while the user set up the app: the server asks for the password.
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    const prompt = await screen.findByRole('dialog');
    // The prompt's form loads when it first opens, if the page was not idle before (ADR 148).
    fireEvent.change(await within(prompt).findByLabelText(/Current password/), { target: { value: 'Right-Password-2026!' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(backend.callsTo('POST', '/api/auth/secret-code')).toHaveLength(2));
    expect(backend.callsTo('POST', '/api/auth/secret-code').map((c) => c.body)).toEqual([
      { secretCode: '123456' },
      { secretCode: '123456', currentPassword: 'Right-Password-2026!' },
    ]);
  });

  it('asks for the password first when the sign-in is not recent', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: signedIn() },
      'POST /api/auth/secret-code/new': { body: key },
    });
    renderRoute(paths.app.mfaSetup);

    fireEvent.click(await screen.findByRole('button', { name: /Authenticator app/ }));
    const prompt = await screen.findByRole('dialog');
    // The prompt's password field and the set-up step are lazy parts: on loaded cores their first transform takes seconds.
    expect(await within(prompt).findByLabelText(/Current password/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(backend.callsTo('POST', '/api/auth/secret-code/new')).toHaveLength(0);
    fireEvent.change(within(prompt).getByLabelText(/Current password/), { target: { value: 'Right-Password-2026!' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Continue' }));
    await screen.findByText('Code from the app', {}, { timeout: 15_000 });
    expect(backend.callsTo('POST', '/api/auth/secret-code/new').map((c) => c.body)).toEqual([{ currentPassword: 'Right-Password-2026!' }]);
  });
});
