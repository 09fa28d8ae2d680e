import { AppError } from '@portal/backend';
import type { Portal } from '@portal/core/shared';
import { AUTH } from '@portal/core/auth';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';

/**
 * The portal(s) a router serves (ADR 017), declared once per router: a call made for another portal
 * (its X-Portal header, and so its session, ADR 008) answers 403, before any session or input is looked
 * at. So a connect session never reaches the ordering portal's data, whatever flags its account holds.
 */
export const portals = (...served: [Portal, ...Portal[]]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const portal = c.get('portal');
    if (!served.includes(portal)) {
      throw new AppError('forbidden', AUTH.WRONG_PORTAL, `This call belongs to the ${served.join(' and ')} portal, not to ${portal}.`);
    }
    await next();
  });
