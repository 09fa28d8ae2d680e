import { connectSectionPolicy } from '@portal/core/auth';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

/** The company contracts load with the first company request (validateOnFirstUse, ADR 038). */
const contracts = () => import('@portal/core/company');

/**
 * A customer's company (SPEC 2 connect "company"; ADR 085). Connect only. Every connect user reads their own
 * customer's (no permission, no id: `ownAccount`); the customer's own holders of flow.editCompanyProfile save its
 * profile, applied at once or filed for approval as the brand says. Another customer's id answers like one that
 * does not exist (scope 'retailer').
 */
const route = routePolicy('connect');
const params = validateOnFirstUse('param', async () => (await contracts()).CompanyParams);

export const companyRoutes = accountRouter('connect')
  .get('/', route({ auth: 'signedIn', permission: connectSectionPolicy('company'), scope: 'ownAccount' }), async (c) => {
    const actor = actorOf(c);
    return c.json(await c.get('backend').company.get(actor, actor.customerId, c.req.header('Host')));
  })
  .put(
    '/:customerId/profile',
    route({ auth: 'signedIn', permission: ['flow.editCompanyProfile'], scope: 'retailer' }),
    params,
    validateOnFirstUse('json', async () => (await contracts()).CompanyProfileSave),
    async (c) =>
      c.json(
        await c.get('backend').company.saveProfile(actorOf(c), c.req.valid('param').customerId, c.req.valid('json'), c.req.header('Host')),
      ),
  );
