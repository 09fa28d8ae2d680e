import { ProfileFormSchema } from '@portal/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { validate } from '../middleware/validate.ts';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { actorOf, requireAccount } from '../middleware/session.ts';

/** The caller's own account. Open with an expired password: renewing it happens from here. */
export const accountRoutes = new Hono<AppEnv>()
  .use(portals('ordering', 'connect'))
  .use(requireAccount({ allowPendingStep: true }))
  .get('/', async (c) => c.json(await c.get('backend').accounts.profile(actorOf(c).account.username)))
  .post('/', validate('json', ProfileFormSchema), async (c) =>
    c.json(await c.get('backend').accounts.updateProfile(actorOf(c).account.username, c.req.valid('json'))),
  )
  .get('/set-locale', validate('query', z.object({ locale: z.string().min(2).max(10) })), async (c) =>
    c.json(
      await c
        .get('backend')
        .accounts.setLocale(actorOf(c).account.username, c.get('portal'), c.req.valid('query').locale),
    ),
  )
  .get('/sessions', async (c) => {
    const { account, session } = actorOf(c);
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
  .post('/mfa-notice/dismiss', async (c) => c.json(await c.get('backend').mfa.dismissNotice(actorOf(c).account.username)))
  .post('/sessions/end-others', async (c) => {
    const { account, session } = actorOf(c);
    const ended = await c.get('backend').sessions.revokeAll(account.username, session.tokenHash);
    return c.json({ success: true, ended });
  });
