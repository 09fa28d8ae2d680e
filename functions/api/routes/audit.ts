import { actorOf } from '../middleware/session.ts';
import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

/** The audit contracts load with the first audit request (validateOnFirstUse, ADR 038). */
const contracts = () => import('@portal/core/audit');

/**
 * The customer's audit log (ADR 114): its team administrator (ordering `manageTeam`, connect `team.manageTeam`,
 * ADR 113) reads its own customer's entries — the customer is the caller's, never a parameter, so another
 * customer's entries cannot even be named. Both portals.
 */
const route = routePolicy('ordering', 'connect');
const teamAdmin: PermissionName[] = ['ordering.manageTeam', 'team.manageTeam'];
const listQuery = validateOnFirstUse('query', async () => (await contracts()).AuditListQuery);

export const auditRoutes = accountRouter('ordering', 'connect').get(
  '/',
  route({ auth: 'signedIn', permission: teamAdmin, scope: 'ownAccount' }),
  listQuery,
  async (c) => {
    const account = c.get('account');
    const actor = actorOf(c);
    const reader = { customerId: actor.customerId, timezone: actor.timezone, access: actor.access, brandId: account?.brandId ?? 'default' };
    return c.json(await c.get('backend').customerAudit.list(reader, c.req.valid('query')));
  },
);
