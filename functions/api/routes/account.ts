import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { actorOf, requireSession } from '../middleware/session.ts';

export const accountRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get('/', async (c) => c.json(await c.get('backend').accounts.profile(actorOf(c))));
