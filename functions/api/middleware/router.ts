import type { Portal } from '@portal/core/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { portals } from './portals.ts';
import { requireAccount } from './session.ts';

/**
 * A router whose every route needs a signed-in account of the named portal(s): the portal gate first
 * (ADR 017), so a call for another portal answers 403 before its session is looked at, then the account.
 */
export const accountRouter = (...served: [Portal, ...Portal[]]) => new Hono<AppEnv>().use(portals(...served)).use(requireAccount());
