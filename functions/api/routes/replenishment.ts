import * as z from '@portal/core/zod';
import { type ObjectScope, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validate, validateOnFirstUse } from '../middleware/validate.ts';
import { idempotencyKey, idempotent } from '../middleware/idempotency.ts';
import { accountRouter } from '../middleware/router.ts';

/** The ordering contracts load with the portal's first ordering request (validateOnFirstUse). */
const contracts = () => import('@portal/core/ordering');

const CustomerQuery = z.object({ customerId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) });
const IdParam = z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) });
const PdfQuery = z.object({ download: z.optional(z.enum(['1'])) });

/**
 * The ordering portal's calls (SPEC 7 replenishment). Handlers only translate HTTP; the ordering service
 * checks permissions per function and per object (ADR 015).
 */
const route = routePolicy('ordering');
const ordering = (scope: ObjectScope) => route({ auth: 'signedIn', permission: ['ordering.cardOrdering'], scope });

export const replenishmentRoutes = accountRouter('ordering')
  .get(
    '/retailers',
    route({ auth: 'signedIn', permission: ['ordering.cardOrdering', 'ordering.retailerSales'], scope: 'none' }),
    validateOnFirstUse('query', async () => (await contracts()).RetailersQuery),
    async (c) => c.json(await c.get('backend').ordering.retailers(actorOf(c), c.req.valid('query'))),
  )
  .get(
    '/retailers/:id/distribution-centers',
    ordering('retailer'),
    validate('param', IdParam),
    validateOnFirstUse('query', async () => z.omit((await contracts()).AddressesQuery, { customerId: true })),
    async (c) =>
      c.json(
        await c.get('backend').ordering.addresses(actorOf(c), {
          customerId: c.req.valid('param').id,
          storeType: 1,
          search: c.req.valid('query').search,
        }),
      ),
  )
  .get(
    '/stores',
    ordering('retailer'),
    validateOnFirstUse('query', async () => (await contracts()).AddressesQuery),
    async (c) => {
      const { customerId, search } = c.req.valid('query');
      return c.json(await c.get('backend').ordering.addresses(actorOf(c), { customerId, storeType: 0, search }));
    },
  )
  .get(
    '/stores/:id',
    ordering('store'),
    validate('param', IdParam),
    validateOnFirstUse('query', async () => z.extend(CustomerQuery, { storeType: z._default((await contracts()).QueryStoreType, 0) })),
    async (c) => {
      const { customerId, storeType } = c.req.valid('query');
      return c.json(await c.get('backend').ordering.address(actorOf(c), { customerId, storeType, storeId: c.req.valid('param').id }));
    },
  )
  .get(
    '/products',
    ordering('retailer'),
    validateOnFirstUse('query', async () => (await contracts()).ProductsQuery),
    async (c) => c.json(await c.get('backend').ordering.products(actorOf(c), c.req.valid('query'), c.req.header('Host'))),
  )
  .post(
    '/orders',
    ordering('retailer'),
    idempotent,
    validateOnFirstUse('json', async () => (await contracts()).OrderSubmitInput),
    async (c) => {
      const { order, created } = await c.get('backend').ordering.submit(actorOf(c), c.req.valid('json'), idempotencyKey(c));
      return c.json(order, created ? 201 : 200);
    },
  )
  .get(
    '/orders',
    ordering('retailer'),
    validateOnFirstUse('query', async () => (await contracts()).OrdersQuery),
    async (c) => c.json(await c.get('backend').ordering.orders(actorOf(c), c.req.valid('query'))),
  )
  .get('/orders/:id', ordering('order'), validate('param', IdParam), async (c) =>
    c.json(await c.get('backend').ordering.order(actorOf(c), c.req.valid('param').id)),
  )
  // `download=1` asks for the file as a download (attachment), else it opens in the browser (inline); both
  // name it Order-<id>-<date>.pdf (core orderPdfFileName, ASCII only).
  .get('/orders/:id/pdf', ordering('order'), validate('param', IdParam), validate('query', PdfQuery), async (c) => {
    const { fileName, bytes } = await c.get('backend').ordering.orderPdf(actorOf(c), c.req.valid('param').id);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${c.req.valid('query').download ? 'attachment' : 'inline'}; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
