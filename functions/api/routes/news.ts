import { connectSectionPolicy } from '@portal/core/auth';
import * as z from '@portal/core/zod';
import { idempotencyKey, idempotent } from '../middleware/idempotency.ts';
import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validate, validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';

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

/** Each role's one policy (a fresh handler each: a policy is declared per route). */
const reading = (scope: 'ownAccount' | 'none') => route({ auth: 'signedIn', permission: reader, scope });
const editing = () => route({ auth: 'signedIn', permission: editor, scope: 'none' });
/** The news service of the call (a lazyService: loaded with the first request). */
const news = (c: Context<AppEnv>) => c.get('backend').news;

const WithdrawQuery = z.object({ baseVersion: z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)) });
const newsParams = validate('param', z.object({ newsId: z.string().check(z.regex(/^news-[A-Za-z0-9-]{1,60}$/, 'Not a news id')) }));
const newsBody = validateOnFirstUse('json', async () => (await contracts()).NewsInput);
const newsUpdate = validateOnFirstUse('json', async () => (await contracts()).NewsUpdate);

export const newsRoutes = accountRouter('connect')
  .get('/', reading('ownAccount'), async (c) => c.json(await news(c).list(actorOf(c))))
  .get('/unread', reading('ownAccount'), async (c) => c.json(await news(c).unread(actorOf(c))))
  .get('/manage', editing(), async (c) => c.json(await news(c).manageList(actorOf(c))))
  .get('/manage/:newsId', editing(), newsParams, async (c) => c.json(await news(c).getForEdit(actorOf(c), c.req.valid('param').newsId)))
  .get('/:newsId', reading('none'), newsParams, async (c) => c.json(await news(c).open(actorOf(c), c.req.valid('param').newsId)))
  .post('/', editing(), idempotent, newsBody, async (c) =>
    c.json(await news(c).create(actorOf(c), c.req.valid('json'), idempotencyKey(c)), 201),
  )
  .put('/:newsId', editing(), newsParams, newsUpdate, async (c) =>
    c.json(await news(c).update(actorOf(c), c.req.valid('param').newsId, c.req.valid('json'))),
  )
  .delete('/:newsId', editing(), newsParams, validate('query', WithdrawQuery), async (c) =>
    c.json(await news(c).withdraw(actorOf(c), c.req.valid('param').newsId, c.req.valid('query').baseVersion)),
  );
