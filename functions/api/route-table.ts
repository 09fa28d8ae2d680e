import { Hono } from 'hono';
import { lazyRoutesOf } from './middleware/lazy-routes.ts';
import type { RoutePolicy } from './middleware/policy.ts';
import { policyOf } from './middleware/policy.ts';
import type { RouteInput, RouteInputOnFirstUse } from './middleware/validate.ts';
import { inputOf } from './middleware/validate.ts';

/**
 * One route of the app as the gates see it: what it declares and what input it validates. The schemas of
 * validateOnFirstUse(...) are there after `loadRouteInputs` (the fuzzer calls it; the policy needs none).
 */
export type RouteEntry = {
  method: string;
  path: string;
  policy: RoutePolicy | undefined;
  inputs: (RouteInput | RouteInputOnFirstUse)[];
};

type AppRoutes = { routes: { method: string; path: string; handler: unknown }[] };

/**
 * Every route of a Hono app (method + path), read from `app.routes`: a route's chain is one entry per
 * handler; `.use(...)` middleware (method ALL) is left out. The policy and the validated inputs come from
 * the metadata policy(...) and validate(...) leave on their middleware. A lazyRoutes(...) mount (ADR 126)
 * is loaded here and its routes listed under its mount path, so a router loaded on first use is listed
 * like any other: hence async.
 */
export async function routeTable(app: AppRoutes): Promise<RouteEntry[]> {
  const routes: AppRoutes['routes'] = [];
  for (const r of app.routes) {
    const load = lazyRoutesOf(r.handler);
    if (!load) routes.push(r);
    else routes.push(...new Hono().route(r.path.replace(/\/\*$/, ''), await load()).routes);
  }
  const byRoute = new Map<string, RouteEntry>();
  for (const r of routes) {
    if (r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    const entry = byRoute.get(key) ?? { method: r.method, path: r.path, policy: undefined, inputs: [] };
    entry.policy ??= policyOf(r.handler);
    const input = inputOf(r.handler);
    if (input) entry.inputs.push(input);
    byRoute.set(key, entry);
  }
  return [...byRoute.values()];
}

/** Loads the schemas validateOnFirstUse(...) defers, in place, so every input of `routes` has its schema. */
export async function loadRouteInputs(routes: RouteEntry[]): Promise<void> {
  for (const route of routes)
    route.inputs = await Promise.all(
      route.inputs.map(async (input) => ('load' in input ? { target: input.target, schema: await input.load() } : input)),
    );
}
