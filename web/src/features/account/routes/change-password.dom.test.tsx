import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedIn } from '../../../test/fixtures.ts';

const account = { email: 'u@example.com', firstname: 'U', surname: 'Ser', jobTitle: null, customerId: null, pendingEmail: null };
const NEW = 'Another-Secret-42';

const fill = async () => {
  fireEvent.change(await screen.findByLabelText(/^Current password/), { target: { value: 'Old-Secret-4242' } });
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: NEW } });
  fireEvent.change(screen.getByLabelText(/^Repeat new password/), { target: { value: NEW } });
};

describe('My Account: the change-password dialog', () => {
  it("shows the server's refusal, then changes the password on the next try and reads the status again", async () => {
    let answers = 0;
    const backend = fakeBackend({
      'GET /api/auth/status': { body: signedIn({ mayChangePassword: true }) },
      'GET /api/account': { body: account },
      'GET /api/account/sessions': { body: { sessions: [] } },
      'GET /api/auth/passkeys': { body: { passkeys: [] } },
      'PUT /api/auth/change-password': () =>
        answers++ === 0
          ? {
              status: 400,
              body: {
                code: 'PASSWORD.ALREADY_USED',
                message: 'Password was already used',
                issues: [{ path: 'newPassword', message: 'Password was already used' }],
              },
            }
          : { body: { success: true, message: 'Password changed successfully' } },
    });
    renderRoute(paths.app.myAccount);

    fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    await fill();
    const submit = () => fireEvent.click(screen.getAllByRole('button', { name: 'Change password' }).at(-1)!);
    submit();

    expect(await screen.findByText('Failed to change password')).toBeTruthy();
    expect(screen.getAllByText('Password was already used').length).toBeGreaterThan(0);
    const statusReads = backend.callsTo('GET', '/api/auth/status').length;

    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: `${NEW}!` } });
    fireEvent.change(screen.getByLabelText(/^Repeat new password/), { target: { value: `${NEW}!` } });
    submit();

    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
    expect(backend.callsTo('PUT', '/api/auth/change-password').map((c) => c.body)).toEqual([
      { currentPassword: 'Old-Secret-4242', newPassword: NEW, newPasswordVerify: NEW, endOtherSessions: true },
      { currentPassword: 'Old-Secret-4242', newPassword: `${NEW}!`, newPasswordVerify: `${NEW}!`, endOtherSessions: true },
    ]);
    await waitFor(() => expect(backend.callsTo('GET', '/api/auth/status').length).toBeGreaterThan(statusReads));
  });
});
