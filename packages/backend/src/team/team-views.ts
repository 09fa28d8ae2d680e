import type { Portal } from '@portal/core/shared';
import type { TeamInvitation, TeamMember, TeamOverview, TeamScope } from '@portal/core/auth/team';
import { type Account, listAccountsOfCustomer, type StoredAccount, usernameKey } from '../accounts/index.ts';
import { getBrand } from '../brands/index.ts';
import { mapLimit } from '../platform/db/batch.ts';
import { allCustomerRoles, getCustomer, getCustomerRole } from '../customers/index.ts';
import { getCustomerGroup } from '../masterdata/index.ts';
import type { Db } from '../platform/db/client.ts';
import type { TeamCaller } from './team-caller.ts';
import { getSeatLedger, type InvitationRecord, listInvitations } from './team-entity.ts';
import { countSeats, recentActivations } from './team-seats.ts';
import { isSupplierStaff, permissionsOf } from './team-rules.ts';

/** The team as the admin sees it (ADR 113): its scopes, who is on it, and the views the Users section lists. */

/** Where the admin places members: its own customer, and the retailers of its group when it is one. */
export async function scopesOf(db: Db, now: () => Date, admin: Account): Promise<TeamScope[]> {
  if (admin.customerId === '' || isSupplierStaff(admin)) return [];
  const own = await getCustomerRole(db, admin.customerId, 'retailer');
  if (own) return [{ customerId: own.customerId, name: own.name, kind: 'retailer' }];
  const members = (await allCustomerRoles(db, 'retailer', now())).filter((r) => r.customerGroupId === admin.customerId);
  const name = (await getCustomerGroup(db, admin.customerId))?.name ?? (await getCustomer(db, admin.customerId))?.name ?? admin.customerId;
  return [
    { customerId: admin.customerId, name, kind: members.length > 0 ? 'group' : 'customer' },
    ...members.map((r) => ({ customerId: r.customerId, name: r.name, kind: 'retailer' as const })),
  ];
}

/** An account is on the team: its customer is one of the scopes, it uses the portal, it is no supplier staff. */
export const onTeam = (account: Account, scopes: readonly TeamScope[], portal: Portal) =>
  scopes.some((s) => s.customerId === account.customerId) && account.portals.includes(portal) && !isSupplierStaff(account);

/** A member as the Users section lists it. */
export function memberView(account: StoredAccount, caller: TeamCaller, scopes: readonly TeamScope[]): TeamMember {
  const passkeys = 'passkeyCount' in account && typeof account.passkeyCount === 'number' ? account.passkeyCount : 0;
  return {
    username: account.username,
    email: account.email,
    firstname: account.firstname,
    surname: account.surname,
    customerId: account.customerId,
    customerName: scopes.find((s) => s.customerId === account.customerId)?.name ?? null,
    portals: account.portals,
    permissions: permissionsOf(account, caller.portal),
    mfa: { method: account.mfaMethod, passkeys, required: account.mfaRequired },
    lastLoginAt: account.lastLogin?.at ?? null,
    status: account.status,
    self: usernameKey(account.username) === usernameKey(caller.account.username),
    version: account.updatedAt,
  };
}

/** A pending invitation as the Users section lists it. */
export const invitationView = (i: InvitationRecord): TeamInvitation => ({
  invitationId: i.invitationId,
  email: i.email,
  firstname: i.firstname,
  surname: i.surname,
  customerId: i.customerId,
  permissions: i.permissions,
  invitedBy: i.invitedBy,
  createdAt: i.createdAt,
  expiresAt: i.expiresAt,
});

/** The brand's team settings of the admin's account (ADR 113). */
export async function teamSettings(db: Db, account: Pick<Account, 'brandId'>) {
  const fields = (await getBrand(db, account.brandId))?.customFields;
  return { cap: fields?.maxUsersPerCustomer ?? null, mfaRequired: fields?.invitedUsersMfaRequired === true };
}

/** GET /api/team: members, pending invitations, scopes, what the admin may grant, the cap. */
export async function overviewOf(db: Db, now: () => Date, caller: TeamCaller): Promise<TeamOverview> {
  const scopes = await scopesOf(db, now, caller.account);
  const t = now().getTime();
  const own = caller.account.customerId;
  // The own customer's count adds the seat ledger's recent activations (the invite button's state): one read of
  // the ledger beside the scopes' lists, which serve the count as well (a display: the write checks again).
  const ownLedger = scopes.some((s) => s.customerId === own) ? getSeatLedger(db, own) : null;
  const perScope = await mapLimit(scopes, 4, async (scope) => {
    const [{ items }, invites] = await Promise.all([listAccountsOfCustomer(db, scope.customerId), listInvitations(db, scope.customerId)]);
    const recent = scope.customerId === own && ownLedger ? recentActivations(await ownLedger, t) : [];
    return {
      customerId: scope.customerId,
      members: items.filter((a) => onTeam(a, scopes, caller.portal)),
      invites: invites.filter((i) => i.status === 'pending' && i.portal === caller.portal && Date.parse(i.expiresAt) > t),
      // Every portal's accounts and invitations take a seat, not only this portal's (ADR 113).
      seats: countSeats(items, invites, t, recent).used,
    };
  });
  const { cap } = await teamSettings(db, caller.account);
  // The admin's own customer is among the scopes (scopesOf) unless the admin is supplier staff: no seats then.
  const used = perScope.find((s) => s.customerId === own)?.seats ?? 0;
  const byCustomer = perScope.map((s) => ({ customerId: s.customerId, used: s.seats }));
  return {
    portal: caller.portal,
    members: perScope
      .flatMap((s) => s.members)
      .map((a) => memberView(a, caller, scopes))
      .sort((a, b) => a.username.localeCompare(b.username)),
    invitations: perScope.flatMap((s) => s.invites.map(invitationView)).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    scopes,
    grantable: permissionsOf(caller.account, caller.portal),
    cap: { limit: cap, used, byCustomer },
  };
}
