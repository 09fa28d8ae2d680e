import { TEAM } from '@portal/core/auth';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';

/** The invitation link's page (ADR 113): a spent link says so; a good one takes a username and a password by the policy. */
const TOKEN = 'a'.repeat(43);
const preview = {
  email: 'dora@retail.example',
  firstname: 'Dora',
  surname: 'Dahl',
  portal: 'connect',
  mfaRequired: true,
  expiresAt: '2026-12-05T09:00:00.000Z',
};

describe('the invitation page', () => {
  it('says at once that a used or expired link no longer works', async () => {
    fakeBackend({
      'POST /api/team/invitation/check': { status: 400, body: { code: TEAM.INVITATION_INVALID, message: 'Invalid' } },
    });
    renderRoute(`${paths.invitation}?token=${TOKEN}`);
    expect(await screen.findByText('This link can no longer be used')).toBeTruthy();
  });

  it('checks the username and the password policy before sending, then leads to the sign-in of the portal', async () => {
    const backend = fakeBackend({
      'POST /api/team/invitation/check': { body: preview },
      'POST /api/team/invitation/accept': { status: 201, body: { username: 'dora.d', portal: 'connect', mfaRequired: true } },
    });
    renderRoute(`${paths.invitation}?token=${TOKEN}`);
    expect(await screen.findByText(/invited with the address dora@retail.example/)).toBeTruthy();
    expect(screen.getByText('After signing in you set up MFA or a passkey.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'd!' } });
    fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'short' } });
    expect(await screen.findByText(/letters, digits and \. _ @ - only|at least 3/i)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set password' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'dora.d' } });
    fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'Winter-Sonne-2026!' } });
    fireEvent.change(screen.getByLabelText(/Repeat|Confirm|verify/i), { target: { value: 'Winter-Sonne-2026!' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set password' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(/Your account dora.d is ready/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'To sign-in' }).getAttribute('href')).toBe(paths.connect.root);
    expect(backend.callsTo('POST', '/api/team/invitation/accept')[0]!.body).toEqual({
      token: TOKEN,
      username: 'dora.d',
      newPassword: 'Winter-Sonne-2026!',
      newPasswordVerify: 'Winter-Sonne-2026!',
    });
  });
});
