import { type Context, Hono, type MiddlewareHandler, type Schema } from 'hono';
import type { HonoBase } from 'hono/hono-base';
import { routePath } from 'hono/route';
import { lazy } from '@portal/backend/platform';
import type { AppEnv } from '../env.ts';
import { handleNotFound } from './errors.ts';

type Routes = HonoBase<AppEnv, Schema, string>;
type Variables = AppEnv['Variables'];

/** Each mount's loader, keyed by the placeholder's one handler (read back by lazyRoutesOf, as policyOf does). */
const loaders = new WeakMap<object, () => Promise<Routes>>();
/** The outer request's context, for the inner app that serves the same Request object. */
const outerOf = new WeakMap<Request, Context<AppEnv>>();

/** Copies every context variable from one context to another (generic so each key keeps its own type). */
function copyVariables<V extends object>(from: V, set: <K extends keyof V>(key: K, value: V[K]) => void) {
  for (const key in from) set(key, from[key]);
}

/**
 * The app that serves a lazily loaded router under its mount path: the router's own routes, run with the
 * outer request's context variables (backend, session, account, portal...) and handing back what they set,
 * its errors rethrown to the outer app's onError (one error body, one log line), a path it does not know
 * answered as the outer app's notFound does.
 */
function innerApp(prefix: string, routes: Routes): Routes {
  const inner = new Hono<AppEnv>();
  inner.use(async (c, next) => {
    const outer = outerOf.get(c.req.raw);
    if (outer) copyVariables<Variables>(outer.var, (key, value) => c.set(key, value));
    try {
      await next();
    } finally {
      if (outer) copyVariables<Variables>(c.var, (key, value) => outer.set(key, value));
    }
  });
  inner.onError((error) => {
    throw error;
  });
  inner.notFound(handleNotFound);
  return inner.route(prefix, routes);
}

/**
 * A router whose module loads on its first request (ADR 126): `app.route('/team', lazyRoutes(() =>
 * import('./routes/team.ts').then((m) => m.teamRoutes)))`. What the cold start carries is one placeholder
 * route (`ALL <mount>/*`); the router's declarations, handlers and route-local schemas are a chunk of their
 * own (code splitting, infra/api-bundling.ts), loaded once per container by the first request under the
 * mount (platform/lazy.ts: shared by concurrent requests, retried after a failed load); a request the router has
 * no route for goes on to the next router under the same mount path. The placeholder is
 * typed as the router it stands for, so `AppType` and the web's `hc` client see every route of it; the route
 * table (route-table.ts) loads each mount to list its routes and policies. For routers that few requests
 * touch (the team administrator's and the audit log's): a route on the sign-in path stays eager.
 */
export function lazyRoutes<S extends Schema, B extends string>(load: () => Promise<HonoBase<AppEnv, S, B>>): HonoBase<AppEnv, S, B> {
  const routes = lazy(load);
  const apps = new Map<string, () => Promise<Routes>>();
  const serve: MiddlewareHandler<AppEnv> = async (c, next) => {
    // The placeholder's own path is `<mount>/*`: the inner app serves the router under `<mount>`.
    const prefix = routePath(c).replace(/\/\*$/, '');
    let app = apps.get(prefix);
    if (!app) {
      app = lazy(async () => innerApp(prefix, await routes()));
      apps.set(prefix, app);
    }
    const inner = await app();
    // Not one of this router's routes: the next router under the same mount path (or notFound) answers.
    if (!servesRoute(inner, c.req.method, c.req.path)) return next();
    outerOf.set(c.req.raw, c);
    c.res = withOuterHeaders(c, await inner.fetch(c.req.raw, c.env));
  };
  loaders.set(serve, routes);
  const placeholder = new Hono<AppEnv, S, B>();
  placeholder.use('/*', serve);
  return placeholder;
}

/**
 * The router's answer with the headers the outer chain set before it (a renewed session cookie, ...), as a
 * handler's own answer has them: the router's headers win, the cookies of both are kept. Until a handler
 * answers, `c.res` is a response made of those headers; it is cleared first so Hono's setter does not merge
 * them again (its merge would keep only the outer cookies).
 */
function withOuterHeaders(c: Context<AppEnv>, answer: Response): Response {
  const headers = new Headers(c.res.headers);
  for (const [name, value] of answer.headers) if (name !== 'set-cookie') headers.set(name, value);
  for (const cookie of answer.headers.getSetCookie()) headers.append('set-cookie', cookie);
  c.res = undefined;
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}

/** Whether `app` has a route (not only middleware) for the request; HEAD is served by GET routes, as in Hono. */
function servesRoute(app: Routes, method: string, path: string): boolean {
  const [matches] = app.router.match(method === 'HEAD' ? 'GET' : method, path);
  return matches.some(([[, route]]) => route.method !== 'ALL');
}

/** The loader of a lazyRoutes(...) placeholder's handler, for the route table; undefined for any other handler. */
export function lazyRoutesOf(handler: unknown): (() => Promise<Routes>) | undefined {
  return typeof handler === 'function' ? loaders.get(handler) : undefined;
}
