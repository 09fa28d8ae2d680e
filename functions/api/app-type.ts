import type { Env, Schema } from 'hono';
import type { HonoBase } from 'hono/hono-base';
import type { BlankEnv } from 'hono/types';
import type { createApp } from './app.ts';

/**
 * The API's type for the web's `hc` client, compiled on its own: `npm run types:api` emits this file's
 * declaration into web/.api-types/ (git-ignored), and web/src/lib/api.ts imports that. The declaration
 * spells out the routes' schema (paths, inputs, outputs) and refers only to hono, not to the server's
 * environment (backend services, session), so the web's type check reads one .d.ts instead of compiling
 * the backend. A renamed route or field still breaks the web's build after `npm run types:api`
 * (`npm run typecheck` runs it first). Nothing imports this module at run time: `app` and `clientTypeOf`
 * are declarations only, there for the type of `appClient` that the declaration spells out.
 */
declare const app: ReturnType<typeof createApp>;
/** The same app seen with a blank environment: the declaration names hono's types only (see above). */
declare function clientTypeOf<E extends Env, S extends Schema>(app: HonoBase<E, S, '/api'>): HonoBase<BlankEnv, S, '/api'>;

export const appClient = clientTypeOf(app);

export type AppType = typeof appClient;
