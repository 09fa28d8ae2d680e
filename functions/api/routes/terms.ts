import { TERMS_LANGUAGES, TermsAcceptanceInput } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';
import { requireAccount, signedInOf } from '../middleware/session.ts';
import { validate } from '../middleware/validate.ts';

/**
 * The terms of use of the host's brand (SPEC 3 termsOfUseRequired; ADR 086), both portals. Open before the
 * current version is accepted (`pendingStep`: like My Account, they are where the account's step is taken);
 * every other signed-in route answers 403 TERMS.ACCEPTANCE_REQUIRED until then (middleware/policy.ts).
 */
const route = routePolicy('ordering', 'connect');
const own = route({ auth: 'signedIn', pendingStep: true, scope: 'ownAccount' });

/** The language to read in (the screen's); none: the account's own. */
const TermsQuery = z.strictObject({ language: z.optional(z.enum(TERMS_LANGUAGES)) });

export const termsRoutes = new Hono<AppEnv>()
  .use(portals('ordering', 'connect'))
  .use(requireAccount({ allowPendingStep: true }))
  .get('/', own, validate('query', TermsQuery), async (c) => {
    const { account } = signedInOf(c);
    const language = c.req.valid('query').language ?? account.locale;
    return c.json(await c.get('backend').terms.forReader(c.req.header('Host'), account.username, language));
  })
  .post('/acceptance', own, validate('json', TermsAcceptanceInput), async (c) =>
    c.json(await c.get('backend').terms.accept(c.req.header('Host'), signedInOf(c).account.username, c.req.valid('json').version)),
  );
