import { connectSectionPolicy } from '@portal/core/auth';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { idempotencyKey, idempotent } from '../middleware/idempotency.ts';
import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

/** The documents contracts load with the first documents request (validateOnFirstUse, ADR 038). */
const contracts = () => import('@portal/core/documents');

/**
 * A customer's document folder (SPEC 2 "documents"; ADR 082). Connect only. Every connect user reads their
 * own customer's folder (no permission, no id: `ownAccount`; a document id of another customer answers like a
 * missing one, as it is looked up in the caller's own folder). The editors — flow.editCompanyDocuments for
 * the company's own folder, content.manageDocuments for the supplier's staff — name the customer
 * (`customers/:customerId`, scope 'retailer': another customer's id answers like one that does not exist).
 */
const route = routePolicy('connect');
const reader = connectSectionPolicy('documents');
const editor: PermissionName[] = ['flow.editCompanyDocuments', 'content.manageDocuments'];
const docs = (c: Context<AppEnv>) => c.get('backend').documents;
/** Every editor route's one policy (a fresh handler each: a policy is declared per route). */
const editing = () => route({ auth: 'signedIn', permission: editor, scope: 'retailer' });

const query = validateOnFirstUse('query', async () => (await contracts()).DocumentQuery);
const customerParams = validateOnFirstUse('param', async () => (await contracts()).CustomerParams);
const documentParams = validateOnFirstUse('param', async () => (await contracts()).DocumentParams);
const ownDocumentParams = validateOnFirstUse('param', async () => (await contracts()).OwnDocumentParams);

export const documentRoutes = accountRouter('connect')
  .get('/', route({ auth: 'signedIn', permission: reader, scope: 'ownAccount' }), query, async (c) => {
    const actor = actorOf(c);
    return c.json(await docs(c).list(actor, actor.customerId, c.req.valid('query')));
  })
  .get('/:documentId/download', route({ auth: 'signedIn', permission: reader, scope: 'none' }), ownDocumentParams, async (c) => {
    const actor = actorOf(c);
    return c.json(await docs(c).download(actor, actor.customerId, c.req.valid('param').documentId));
  })
  .get('/customers/:customerId', editing(), customerParams, query, async (c) =>
    c.json(await docs(c).list(actorOf(c), c.req.valid('param').customerId, c.req.valid('query'), { editor: true })),
  )
  .get('/customers/:customerId/:documentId/download', editing(), documentParams, async (c) => {
    const { customerId, documentId } = c.req.valid('param');
    return c.json(await docs(c).download(actorOf(c), customerId, documentId, { editor: true }));
  })
  .get('/customers/:customerId/:documentId/downloads', editing(), documentParams, async (c) => {
    const { customerId, documentId } = c.req.valid('param');
    return c.json(await docs(c).downloads(actorOf(c), customerId, documentId));
  })
  .post(
    '/customers/:customerId/uploads',
    editing(),
    customerParams,
    idempotent,
    validateOnFirstUse('json', async () => (await contracts()).DocumentUploadStart),
    async (c) =>
      c.json(await docs(c).startUpload(actorOf(c), c.req.valid('param').customerId, c.req.valid('json'), idempotencyKey(c)), 201),
  )
  .post(
    '/customers/:customerId/uploads/:uploadId/complete',
    editing(),
    validateOnFirstUse('param', async () => (await contracts()).DocumentUploadParams),
    async (c) => {
      const { customerId, uploadId } = c.req.valid('param');
      // The brand of the host decides whether a company editor's upload waits for approval (ADR 107).
      return c.json(await docs(c).completeUpload(actorOf(c), customerId, uploadId, c.req.header('Host')), 201);
    },
  )
  .get('/customers/:customerId/:documentId/versions', editing(), documentParams, async (c) => {
    const { customerId, documentId } = c.req.valid('param');
    return c.json(await docs(c).versions(actorOf(c), customerId, documentId));
  })
  .post(
    '/customers/:customerId/:documentId/versions/:version/restore',
    editing(),
    validateOnFirstUse('param', async () => (await contracts()).DocumentVersionParams),
    idempotent,
    async (c) => {
      const { customerId, documentId, version } = c.req.valid('param');
      return c.json(await docs(c).restore(actorOf(c), customerId, documentId, Number(version), idempotencyKey(c)));
    },
  )
  .delete('/customers/:customerId/:documentId', editing(), documentParams, async (c) => {
    const { customerId, documentId } = c.req.valid('param');
    await docs(c).remove(actorOf(c), customerId, documentId);
    return c.json({ documentId, deleted: true });
  });
