import { type Context, Hono } from 'hono';
import * as z from '@portal/core/zod';
import type { AppEnv } from '../env.ts';
import { idempotencyKey, idempotent } from '../middleware/idempotency.ts';
import { portals } from '../middleware/portals.ts';
import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { signedInOf } from '../middleware/session.ts';
import { validate } from '../middleware/validate.ts';
import { InvitationAcceptFormSchema } from '@portal/core/auth';
import { TeamAccessInput, TeamInvitationCheckInput, TeamInviteInput, TeamReauthInput } from '@portal/core/auth/team';

/**
 * The customer's own administrator (ADR 113): the Users section of both portals. Each portal's admin holds
 * its own manageTeam bit (ordering.manageTeam, team.manageTeam); the route lets either in and the service
 * asks for the portal's one. Strong authentication, as for the other sections that change others' access.
 * A member or invitation of another customer answers as one nobody has (404 TEAM.NOT_FOUND). The invitation's
 * check and acceptance come first and need no session: the single-use link is the proof. The router is
 * mounted with lazyRoutes (ADR 126): this module and its contracts load with the first team request, so the
 * contracts are imported here directly.
 */
const route = routePolicy('ordering', 'connect');
const manageTeam: PermissionName[] = ['ordering.manageTeam', 'team.manageTeam'];
const overview = route({ auth: 'strong', permission: manageTeam, scope: 'none' });
const onMember = route({ auth: 'strong', permission: manageTeam, scope: 'account' });
const byToken = route({ auth: 'anonymous', scope: 'token' });

const MemberParams = z.object({ username: z.string().check(z.minLength(1), z.maxLength(200)) });
const InvitationParams = z.object({
  invitationId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9_-]{22}$/, 'Not an invitation id')),
});
const reauthBody = validate('json', TeamReauthInput);

/** The signed-in admin as the team service takes it. */
function callerOf(c: Context<AppEnv>) {
  const { account, session } = signedInOf(c);
  return { account, session, portal: c.get('portal'), ip: c.get('clientIp') };
}

export const teamRoutes = new Hono<AppEnv>()
  .use(portals('ordering', 'connect'))
  .post('/invitation/check', byToken, validate('json', TeamInvitationCheckInput), async (c) =>
    c.json(await c.get('backend').team.checkInvitation(c.req.valid('json').token, c.get('clientIp'))),
  )
  .post('/invitation/accept', byToken, validate('json', InvitationAcceptFormSchema), async (c) =>
    c.json(await c.get('backend').team.acceptInvitation(c.req.valid('json'), c.get('clientIp')), 201),
  )
  .get('/', overview, async (c) => c.json(await c.get('backend').team.overview(callerOf(c))))
  .post('/invitations', overview, idempotent, validate('json', TeamInviteInput), async (c) =>
    c.json(await c.get('backend').team.invite(callerOf(c), c.req.valid('json'), idempotencyKey(c)), 201),
  )
  .post('/invitations/:invitationId/resend', onMember, validate('param', InvitationParams), async (c) =>
    c.json(await c.get('backend').team.resendInvitation(callerOf(c), c.req.valid('param').invitationId)),
  )
  .delete('/invitations/:invitationId', onMember, validate('param', InvitationParams), async (c) =>
    c.json(await c.get('backend').team.withdrawInvitation(callerOf(c), c.req.valid('param').invitationId)),
  )
  .put('/members/:username/access', onMember, validate('param', MemberParams), validate('json', TeamAccessInput), async (c) =>
    c.json(await c.get('backend').team.changeAccess(callerOf(c), c.req.valid('param').username, c.req.valid('json'))),
  )
  .post('/members/:username/deactivate', onMember, validate('param', MemberParams), async (c) =>
    c.json(await c.get('backend').team.deactivate(callerOf(c), c.req.valid('param').username)),
  )
  .post('/members/:username/reactivate', onMember, validate('param', MemberParams), async (c) =>
    c.json(await c.get('backend').team.reactivate(callerOf(c), c.req.valid('param').username)),
  )
  .post('/members/:username/reset-mfa', onMember, validate('param', MemberParams), reauthBody, async (c) =>
    c.json(await c.get('backend').team.resetMfa(callerOf(c), c.req.valid('param').username, c.req.valid('json').currentPassword)),
  )
  .post('/members/:username/password-reset', onMember, validate('param', MemberParams), reauthBody, async (c) =>
    c.json(await c.get('backend').team.sendPasswordReset(callerOf(c), c.req.valid('param').username, c.req.valid('json').currentPassword)),
  );
