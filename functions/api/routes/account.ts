import { AccountUpdateSchema } from '@portal/core/auth';
import { Hono } from 'hono';
import * as z from '@portal/core/zod';
import { validate } from '../middleware/validate.ts';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';
import { signedInOf, requireAccount } from '../middleware/session.ts';

const EmailLink = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });

/**
 * The caller's own account. Open with an expired password: renewing it happens from here.
 * POST email/confirm comes before the session check on purpose: the mailed link is followed in any
 * browser, signed in or not, and its single-use token is the proof (ADR 017).
 */
const route = routePolicy('ordering', 'connect');
const own = route({ auth: 'signedIn', pendingStep: true, scope: 'ownAccount' });

export const accountRoutes = new Hono<AppEnv>()
  .use(portals('ordering', 'connect'))
  .post('/email/confirm', route({ auth: 'anonymous', scope: 'token' }), validate('json', EmailLink), async (c) =>
    c.json(await c.get('backend').accounts.confirmEmailChange(c.req.valid('json').token)),
  )
  .use(requireAccount({ allowPendingStep: true }))
  .get('/', own, async (c) => c.json(await c.get('backend').accounts.profile(signedInOf(c).account.username)))
  .post('/', own, validate('json', AccountUpdateSchema), async (c) => {
    const { account, session } = signedInOf(c);
    return c.json(await c.get('backend').accounts.updateProfile(account.username, c.req.valid('json'), session));
  })
  .post('/email/resend', own, async (c) => c.json(await c.get('backend').accounts.resendEmailChange(signedInOf(c).account.username)))
  .post('/email/cancel', own, async (c) => c.json(await c.get('backend').accounts.cancelEmailChange(signedInOf(c).account.username)))
  .get('/set-locale', own, validate('query', z.object({ locale: z.string().check(z.minLength(2), z.maxLength(10)) })), async (c) =>
    c.json(await c.get('backend').accounts.setLocale(signedInOf(c).account.username, c.get('portal'), c.req.valid('query').locale)),
  )
  .get('/sessions', own, async (c) => {
    const { account, session } = signedInOf(c);
    const backend = c.get('backend');
    const live = await backend.sessions.listLive(account.username, backend.now());
    return c.json({
      sessions: live.map((s) => ({
        id: s.tokenHash.slice(0, 16),
        current: s.tokenHash === session.tokenHash,
        portal: s.portal,
        createdAt: s.createdAt,
        lastSeenAt: s.lastSeenAt,
        ip: s.ip ?? null,
        userAgent: s.userAgent ?? null,
      })),
    });
  })
  .post('/mfa-notice/dismiss', own, async (c) => c.json(await c.get('backend').mfa.dismissNotice(signedInOf(c).account.username)))
  .post('/sessions/end-others', own, async (c) => {
    const { account, session } = signedInOf(c);
    const ended = await c.get('backend').sessions.revokeAll(account.username, session.tokenHash);
    return c.json({ success: true, ended });
  });
