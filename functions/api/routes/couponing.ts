import { IDEMPOTENCY_HEADER, IdempotencyKey } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validate, validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

/** The couponing contracts load with the first couponing request (validateOnFirstUse). */
const contracts = () => import('@portal/core/couponing');

const serialParam = async () => z.object({ serial: (await contracts()).Serial });
/** An action may carry an Idempotency-Key: a retried request then answers the booking already made. */
const OptionalIdempotency = z.object({ [IDEMPOTENCY_HEADER.toLowerCase()]: z.optional(IdempotencyKey) });

/**
 * SPEC 7 serial-number-check: query many serials, read one card, book an action on it (ADR 016).
 * The couponing service checks permissions per function and per object.
 */
const route = routePolicy('ordering');
const management = route({ auth: 'strong', permission: ['ordering.couponingManagement'], scope: 'serial' });

export const serialNumberCheckRoutes = accountRouter('ordering')
  .post(
    '/',
    management,
    validateOnFirstUse('json', async () => (await contracts()).SerialCheckInput),
    async (c) => c.json(await c.get('backend').couponing.check(actorOf(c), c.req.valid('json'))),
  )
  .get(
    '/:serial',
    management,
    validateOnFirstUse('param', serialParam),
    validateOnFirstUse('query', async () => (await contracts()).CardQuery),
    async (c) => c.json(await c.get('backend').couponing.details(actorOf(c), c.req.valid('param').serial, c.req.valid('query').ean)),
  )
  .post(
    '/:serial/:action',
    // The action names the permission (COUPON_ACTION_PERMISSION): management or cancellation.
    route({ auth: 'strong', permission: ['ordering.couponingManagement', 'ordering.couponingCancellation'], scope: 'serial' }),
    validateOnFirstUse('param', async () => z.extend(await serialParam(), { action: (await contracts()).CouponActionName })),
    validate('header', OptionalIdempotency),
    validateOnFirstUse('json', async () => (await contracts()).CouponActionInput),
    async (c) => {
      const { serial, action } = c.req.valid('param');
      const key = c.req.valid('header')[IDEMPOTENCY_HEADER.toLowerCase()];
      const answer = await c.get('backend').couponing.act(actorOf(c), serial, action, c.req.valid('json'), key);
      return c.json(answer, answer.booked ? 201 : 200);
    },
  );

/** SPEC 7 get-couponing-status: the derived status of a serial (of one card with ?ean=). */
export const couponingStatusRoutes = accountRouter('ordering').get(
  '/:serial',
  management,
  validateOnFirstUse('param', serialParam),
  validateOnFirstUse('query', async () => (await contracts()).CardQuery),
  async (c) => c.json(await c.get('backend').couponing.status(actorOf(c), c.req.valid('param').serial, c.req.valid('query').ean)),
);
