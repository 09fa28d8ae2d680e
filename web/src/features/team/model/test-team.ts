import type { TeamMember, TeamOverview } from '@portal/core/auth/team';

/** An ordering account of the Users section's tests (anna.k at C-1, ordering's card orders), changed by `over`. */
export const member = (over: Partial<TeamMember> = {}): TeamMember => ({
  username: 'anna.k',
  email: 'anna@retail.example',
  firstname: 'Anna',
  surname: 'Kowalski',
  customerId: 'C-1',
  customerName: 'Retail One',
  portals: ['ordering'],
  permissions: { ordering: ['cardOrdering'] },
  mfa: { method: 'app', passkeys: 0, required: false },
  lastLoginAt: '2026-11-20T09:00:00.000Z',
  status: 'active',
  self: false,
  version: 'v3',
  ...over,
});

/** Ordering's team of the tests: Anna, the admin's own account, a deactivated one and an invitation. */
export const overview = (over: Partial<TeamOverview> = {}): TeamOverview => ({
  portal: 'ordering',
  members: [
    member(),
    member({
      username: 'demo.retailer',
      email: 'me@retail.example',
      firstname: 'Rita',
      surname: 'Admin',
      permissions: { ordering: ['cardOrdering', 'retailerSales', 'manageTeam'] },
      self: true,
    }),
    member({
      username: 'bernd',
      email: 'bernd@retail.example',
      firstname: 'Bernd',
      surname: 'Brandt',
      status: 'locked',
      lastLoginAt: null,
    }),
  ],
  invitations: [
    {
      invitationId: 'INV-1',
      email: 'carla@retail.example',
      firstname: 'Carla',
      surname: 'Nowak',
      customerId: 'C-1',
      permissions: { ordering: ['retailerSales'] },
      invitedBy: 'demo.retailer',
      createdAt: '2026-11-28T09:00:00.000Z',
      expiresAt: '2026-12-05T09:00:00.000Z',
    },
  ],
  scopes: [
    { customerId: 'C-1', name: 'Retail One', kind: 'customer' },
    { customerId: 'C-2', name: 'Retail Two', kind: 'retailer' },
  ],
  grantable: { ordering: ['cardOrdering', 'retailerSales'] },
  cap: { limit: null, used: 4, byCustomer: [] },
  ...over,
});
