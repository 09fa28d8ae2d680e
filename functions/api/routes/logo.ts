import { connectSectionPolicy } from '@portal/core/auth';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { idempotencyKey, idempotent } from '../middleware/idempotency.ts';
import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

/** The logo contracts load with the first logo request (validateOnFirstUse, ADR 038). */
const contracts = () => import('@portal/core/logo');

/**
 * The company's logo (SPEC 2 "upload logo"; ADR 084). Connect only, always the caller's own customer (no id:
 * `ownAccount`). Every connect user reads it; holders of flow.editCompanyAssets upload (the one upload path
 * of ADR 045), which stages a re-encoded logo for the preview, and save it: through the company's assets
 * change (ADR 085), applied at once or filed for approval as the brand says.
 */
const route = routePolicy('connect');
const reader = connectSectionPolicy('logo');
const editor: PermissionName[] = ['flow.editCompanyAssets'];
/** The editor's one policy (a fresh handler each: a policy is declared per route). */
const editing = () => route({ auth: 'signedIn', permission: editor, scope: 'ownAccount' });

export const logoRoutes = accountRouter('connect')
  .get('/', route({ auth: 'signedIn', permission: reader, scope: 'ownAccount' }), async (c) =>
    c.json(await c.get('backend').logo.state(actorOf(c))),
  )
  .post(
    '/uploads',
    editing(),
    idempotent,
    validateOnFirstUse('json', async () => (await contracts()).LogoUploadStart),
    async (c) => c.json(await c.get('backend').logo.startUpload(actorOf(c), c.req.valid('json'), idempotencyKey(c)), 201),
  )
  .post(
    '/uploads/:uploadId/complete',
    editing(),
    validateOnFirstUse('param', async () => (await contracts()).LogoUploadParams),
    async (c) => c.json(await c.get('backend').logo.completeUpload(actorOf(c), c.req.valid('param').uploadId), 201),
  )
  .post(
    '/apply',
    editing(),
    validateOnFirstUse('json', async () => (await contracts()).LogoApply),
    async (c) => {
      const actor = actorOf(c);
      const backend = c.get('backend');
      const logoId = c.req.valid('json').logoId;
      // The staged images to their lasting keys first (ADR 106): applied now or approved later, they stay.
      await backend.logo.keep(actor, logoId);
      const saved = await backend.company.changeAssets(actor, actor.customerId, { logoId }, c.req.header('Host'));
      if (saved.outcome === 'filed') return c.json({ outcome: 'filed' as const, requestId: saved.requestId });
      return c.json({ outcome: 'applied' as const, current: (await backend.logo.state(actor)).current });
    },
  );

/**
 * The re-encoded logo images (ADR 084), public: a logo is shown to whoever sees the portal header and is no
 * secret, and an `<img>` sends neither the portal header nor needs a session. Names are content hashes, so an
 * answer never changes: cached for a year, immutable.
 */
export const logoFileRoutes = new Hono<AppEnv>().get(
  '/:file',
  route({ auth: 'anonymous', scope: 'none' }),
  validateOnFirstUse('param', async () => (await contracts()).LogoFileParams),
  async (c) => {
    const bytes = await c.get('backend').logo.image(c.req.valid('param').file);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': 'inline',
    });
  },
);
