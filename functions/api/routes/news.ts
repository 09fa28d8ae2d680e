import { connectSectionPolicy } from '@portal/core/auth';
import * as z from '@portal/core/zod';
import { IdempotencyHeaders, idempotencyKeyOf } from '../middleware/idempotency.ts';
import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validate, validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

/** The news contracts load with the first news request (validateOnFirstUse, ADR 038). */
const contracts = () => import('@portal/core/news');

/**
 * News (SPEC 7 "news: list"; ADR 081). Connect only. Every connect user reads the items meant for them
 * (the section needs no permission, so no route is scoped by a customer id, ADR 024); an item outside the
 * caller's audience answers like a missing one (the service's rule, functions/api/news.test.ts). Writing
 * needs content.publishNews.
 */
const route = routePolicy('connect');
const reader = connectSectionPolicy('news');
const editor: PermissionName[] = ['content.publishNews'];

const NewsParams = z.object({ newsId: z.string().check(z.regex(/^news-[A-Za-z0-9-]{1,60}$/, 'Not a news id')) });
const WithdrawQuery = z.object({ baseVersion: z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)) });
const newsBody = validateOnFirstUse('json', async () => (await contracts()).NewsInput);
const newsUpdate = validateOnFirstUse('json', async () => (await contracts()).NewsUpdate);

export const newsRoutes = accountRouter('connect')
  .get('/', route({ auth: 'signedIn', permission: reader, scope: 'ownAccount' }), async (c) =>
    c.json(await c.get('backend').news.list(actorOf(c))),
  )
  .get('/unread', route({ auth: 'signedIn', permission: reader, scope: 'ownAccount' }), async (c) =>
    c.json(await c.get('backend').news.unread(actorOf(c))),
  )
  .get('/manage', route({ auth: 'signedIn', permission: editor, scope: 'none' }), async (c) =>
    c.json(await c.get('backend').news.manageList(actorOf(c))),
  )
  .get('/manage/:newsId', route({ auth: 'signedIn', permission: editor, scope: 'none' }), validate('param', NewsParams), async (c) =>
    c.json(await c.get('backend').news.getForEdit(actorOf(c), c.req.valid('param').newsId)),
  )
  .get('/:newsId', route({ auth: 'signedIn', permission: reader, scope: 'none' }), validate('param', NewsParams), async (c) =>
    c.json(await c.get('backend').news.open(actorOf(c), c.req.valid('param').newsId)),
  )
  .post(
    '/',
    route({ auth: 'signedIn', permission: editor, scope: 'none' }),
    validate('header', IdempotencyHeaders),
    newsBody,
    async (c) => {
      const key = idempotencyKeyOf(c.req.valid('header'));
      return c.json(await c.get('backend').news.create(actorOf(c), c.req.valid('json'), key), 201);
    },
  )
  .put('/:newsId', route({ auth: 'signedIn', permission: editor, scope: 'none' }), validate('param', NewsParams), newsUpdate, async (c) =>
    c.json(await c.get('backend').news.update(actorOf(c), c.req.valid('param').newsId, c.req.valid('json'))),
  )
  .delete(
    '/:newsId',
    route({ auth: 'signedIn', permission: editor, scope: 'none' }),
    validate('param', NewsParams),
    validate('query', WithdrawQuery),
    async (c) => c.json(await c.get('backend').news.withdraw(actorOf(c), c.req.valid('param').newsId, c.req.valid('query').baseVersion)),
  );
