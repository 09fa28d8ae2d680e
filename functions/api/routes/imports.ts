import { connectSectionPolicy } from '@portal/core/auth';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

/** The contracts load with the first import request (validateOnFirstUse, ADR 038). */
const contracts = () => import('@portal/core/transaction');

/**
 * Imports of files from S3 (ADR 069), connect only: GET / lists a folder's imports (supplier staff: a day's),
 * newest first, by cursor; GET /:fileId is one import with its progress and first line errors. The service
 * checks payment.transactions and the file's folder: another customer's import answers 404 like none.
 * The route reads the Imports section's permission from core's table, as the screen does (ADR 031, ADR 079).
 */
const route = routePolicy('connect');
const permission = connectSectionPolicy('imports');

export const importRoutes = accountRouter('connect')
  .get(
    '/',
    route({ auth: 'signedIn', permission, scope: 'retailer' }),
    validateOnFirstUse('query', async () => (await contracts()).ImportFileListQuery),
    async (c) => c.json(await c.get('backend').importFiles.list(actorOf(c), c.req.valid('query'))),
  )
  .get(
    '/:fileId',
    route({ auth: 'signedIn', permission, scope: 'none' }),
    validateOnFirstUse('param', async () => (await contracts()).ImportFileParams),
    async (c) => c.json(await c.get('backend').importFiles.get(actorOf(c), c.req.valid('param').fileId)),
  );
