import { TEAM } from '@portal/core/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { closeDialog, resetSession } from '../../../lib/session.ts';
import { fakeBackend, type FakeRoutes, renderRoute } from '../../../test/dom.tsx';
import { signedIn, signedInWithModule } from '../../../test/fixtures.ts';
import { member, overview } from '../model/test-team.ts';

/** The Users section against a fake API (ADR 113): the list, the invitation, an account's page and its actions. */
const admin = signedIn({ mfaStatus: 'app' }, { manageTeam: true, cardOrdering: true, retailerSales: true });

/** The admin's session and team, and the routes a test adds (the writes it makes). */
const teamBackend = (routes: FakeRoutes) =>
  fakeBackend({ 'GET /api/auth/status': { body: admin }, 'GET /api/team': { body: overview() }, ...routes });

/** The Users section of an admin placing members at C-1 and C-2, a cap of 25 each, with these seats in use. */
function showTeamWithSeats(atC1: number, atC2: number) {
  const byCustomer = [
    { customerId: 'C-1', used: atC1 },
    { customerId: 'C-2', used: atC2 },
  ];
  fakeBackend({
    'GET /api/auth/status': { body: admin },
    'GET /api/team': { body: overview({ cap: { limit: 25, used: atC1, byCustomer } }) },
  });
  renderRoute(paths.app.team);
}

describe('the Users section', () => {
  beforeEach(() => {
    resetSession('ordering');
    resetSession('connect');
    // The guard's 'Access denied' dialog is app-wide state: one test's denial must not open over the next.
    closeDialog('sectionDenied');
    closeDialog('mfaRequired');
  });

  it('lists accounts and invitations in words, searches by name, and is in the sidebar of its holders only', async () => {
    teamBackend({});
    renderRoute(paths.app.team);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Anna Kowalski' }).getAttribute('href')).toBe(paths.app.teamUser('anna.k'));
    expect(within(table).getAllByText('Order cards').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Authenticator app')).toHaveLength(3);
    expect(within(table).getByText('Deactivated')).toBeTruthy();
    expect(within(table).getByText('Invited')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Users/ }).getAttribute('href')).toBe(paths.app.team);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nowak' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Anna Kowalski' })).toBeNull());
    expect(screen.getByText('Carla Nowak')).toBeTruthy();
  });

  it("counts the brand's cap per company: an admin of several invites where a seat is left, and sees each one's count", async () => {
    showTeamWithSeats(25, 3);
    expect(await screen.findByText(/Each company may have up to 25 accounts/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invite colleague' }));
    const dialog = await screen.findByRole('dialog');
    // The invitation's form loads when the dialog first opens, if the list was not idle before (ADR 148).
    const belongsTo = await within(dialog).findByLabelText<HTMLSelectElement>(/Belongs to/);
    expect(belongsTo.value).toBe('C-2');
    expect([...belongsTo.options].map((o) => o.textContent)).toEqual([
      'Retail One (company) · 25 of 25 in use',
      'Retail Two (retailer) · 3 of 25 in use',
    ]);
  });

  it('closes the invitation when every company is full', async () => {
    showTeamWithSeats(25, 25);
    expect(await screen.findByText(/Every company has all 25 accounts in use/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Invite colleague' }).disabled).toBe(true);
  });

  it('keeps the section from a user without manageTeam', async () => {
    fakeBackend({ 'GET /api/auth/status': { body: signedIn({ mfaStatus: 'app' }, { cardOrdering: true }) } });
    renderRoute(paths.app.team);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Users' })).toBeNull());
    expect(screen.queryByRole('link', { name: /Users/ })).toBeNull();
  });

  it('invites a colleague with only the permissions the admin holds, checks fields first and words a refusal', async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { code: TEAM.ALREADY_MEMBER, message: 'A user with this e-mail address already exists.' },
    };
    const backend = teamBackend({
      'POST /api/team/invitations': () => answer,
    });
    renderRoute(paths.app.team);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite colleague' }));
    const dialog = await screen.findByRole('dialog');
    // Only the admin's own grantable bits are offered: no "Manage coupons", no "Manage users".
    expect(await within(dialog).findByLabelText('Order cards')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Manage coupons')).toBeNull();
    expect(within(dialog).queryByLabelText('Manage users')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findAllByText('Value is required')).toHaveLength(3);
    expect(backend.callsTo('POST', '/api/team/invitations')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/First name/), { target: { value: 'Dora' } });
    fireEvent.change(within(dialog).getByLabelText(/Last name/), { target: { value: 'Dahl' } });
    fireEvent.change(within(dialog).getByLabelText(/E-mail address/), { target: { value: ' dora@retail.example ' } });
    fireEvent.change(within(dialog).getByLabelText(/Belongs to/), { target: { value: 'C-2' } });
    fireEvent.click(within(dialog).getByLabelText('See retailer sales'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('A user with this e-mail address already exists.')).toBeTruthy();
    answer = { status: 201, body: overview().invitations[0] };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = backend.callsTo('POST', '/api/team/invitations');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual({
      email: 'dora@retail.example',
      firstname: 'Dora',
      surname: 'Dahl',
      customerId: 'C-2',
      permissions: { ordering: ['retailerSales'] },
    });
  });

  it('withdraws an invitation after a confirmation', async () => {
    const backend = teamBackend({
      'DELETE /api/team/invitations/INV-1': { body: { success: true } },
    });
    renderRoute(paths.app.team);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the invitation to carla@retail.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this invitation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(backend.callsTo('DELETE', '/api/team/invitations/INV-1')).toHaveLength(1));
  });

  it("changes an account's permissions and scope with the version read, and words a concurrent change", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { code: TEAM.STALE, message: 'This user was changed meanwhile.' },
    };
    const backend = teamBackend({
      'PUT /api/team/members/anna.k/access': () => answer,
    });
    renderRoute(paths.app.teamUser('anna.k'));
    expect(await screen.findByRole('heading', { name: 'Anna Kowalski' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('See retailer sales'));
    fireEvent.click(screen.getByLabelText('Order cards'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This user was changed meanwhile.')).toBeTruthy();
    expect(backend.callsTo('PUT', '/api/team/members/anna.k/access')[0]!.body).toEqual({
      customerId: 'C-1',
      permissions: { ordering: ['retailerSales'] },
      version: 'v3',
    });
    answer = { status: 200, body: member({ permissions: { ordering: ['retailerSales'] }, version: 'v4' }) };
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(backend.callsTo('PUT', '/api/team/members/anna.k/access')).toHaveLength(2));
  });

  it('deactivates after a confirmation, and resets MFA after the password prompt', async () => {
    const backend = teamBackend({
      'POST /api/team/members/anna.k/deactivate': { body: member({ status: 'locked' }) },
      'POST /api/team/members/anna.k/reset-mfa': ({ body }) =>
        (body as { currentPassword?: string }).currentPassword === 'right'
          ? { body: member({ mfa: { method: 'none', passkeys: 0, required: false } }) }
          : {
              status: 400,
              body: {
                code: 'ACCOUNT.PASSWORD_MISMATCH',
                message: 'Wrong',
                issues: [{ path: 'currentPassword', message: 'The current password is wrong' }],
              },
            },
    });
    renderRoute(paths.app.teamUser('anna.k'));
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate this account?' });
    expect(backend.callsTo('POST', '/api/team/members/anna.k/deactivate')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/team/members/anna.k/deactivate')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Reset MFA' }));
    const prompt = await screen.findByRole('dialog', { name: 'Reset MFA' });
    // The prompt's form loads when it first opens, if the page was not idle before (ADR 148).
    fireEvent.change(await within(prompt).findByLabelText(/password/i), { target: { value: 'wrong' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Reset MFA' }));
    expect(await within(prompt).findByText(/current password is wrong/i)).toBeTruthy();
    fireEvent.change(within(prompt).getByLabelText(/password/i), { target: { value: 'right' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Reset MFA' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.callsTo('POST', '/api/team/members/anna.k/reset-mfa').map((c) => c.body)).toEqual([
      { currentPassword: 'wrong' },
      { currentPassword: 'right' },
    ]);
  });

  it("shows the admin's own account without its actions, and an unknown id as not found", async () => {
    teamBackend({});
    const view = renderRoute(paths.app.teamUser('demo.retailer'));
    expect(await screen.findByText(/This is your own account/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    view.unmount();
    renderRoute(paths.app.teamUser('someone.else'));
    expect(await screen.findByText('User not found')).toBeTruthy();
  });

  it('opens in connect to team.manageTeam holders, with the connect modules they hold', async () => {
    fakeBackend({
      'GET /api/auth/status': { body: { ...signedInWithModule('team', { manageTeam: true }), mfaStatus: 'app' } },
      'GET /api/team': {
        body: overview({
          portal: 'connect',
          members: [member({ portals: ['connect'], permissions: { payment: ['transactions'], team: ['manageTeam'] } })],
          invitations: [],
          grantable: { payment: ['transactions'] },
        }),
      },
    });
    renderRoute(paths.connect.team);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('See payment transactions')).toBeTruthy();
    expect(within(table).getByText('Manage users')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Anna Kowalski' }).getAttribute('href')).toBe(paths.connect.teamUser('anna.k'));
  });

  it.each([paths.connect.team, paths.connect.teamUser('anna.k')])(
    'keeps %s from a connect admin without the higher authentication standard, as its API does: My Account and the dialog',
    async (path) => {
      const api = fakeBackend({ 'GET /api/auth/status': { body: signedInWithModule('team', { manageTeam: true }) } });
      const view = renderRoute(path);
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain('This section requires a higher authentication standard.');
      await waitFor(() => expect(view.location().pathname).toBe(paths.connect.myAccount));
      expect(api.callsTo('GET', '/api/team')).toHaveLength(0);
    },
  );
});
