import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { lazy } from '@portal/backend/platform';
import type * as z from '@portal/core/zod';

export const ROUTE_INPUT = Symbol('routeInput');
/** What a route's validate(...) checks, kept on the middleware so the route fuzzer can find it. */
export type RouteInput = { target: keyof ValidationTargets; schema: z.ZodMiniType };
/** The same for validateOnFirstUse(...): the schema is there once `load` has run (route-table.ts awaits it). */
export type RouteInputOnFirstUse = { target: keyof ValidationTargets; load: () => Promise<z.ZodMiniType> };

/** zValidator whose failures reach app.onError as a $ZodError, i.e. 400 with field issues. */
export const validate = <T extends z.ZodMiniType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  Object.assign(
    zValidator(target, schema, (result) => {
      if (!result.success) throw result.error;
    }),
    { [ROUTE_INPUT]: { target, schema } satisfies RouteInput },
  );

/**
 * validate(...) with a schema whose module loads on the route's first request (platform/lazy.ts): for the
 * portals' contracts (ordering, couponing, sales, connect), which no sign-in or account request needs, so
 * their zod schemas are not built at the API's cold start (ADR 038). Same types and answers as validate.
 */
export const validateOnFirstUse = <T extends z.ZodMiniType, Target extends keyof ValidationTargets>(
  target: Target,
  load: () => Promise<T>,
) => {
  const loaded = lazy(async () => validate(target, await load()));
  const middleware: MiddlewareHandler = async (c, next) => (await loaded())(c, next);
  return Object.assign(middleware, {
    [ROUTE_INPUT]: { target, load } satisfies RouteInputOnFirstUse,
  }) as unknown as ReturnType<typeof validate<T, Target>>;
};

export function inputOf(handler: unknown): RouteInput | RouteInputOnFirstUse | undefined {
  return typeof handler === 'function' ? (handler as { [ROUTE_INPUT]?: RouteInput | RouteInputOnFirstUse })[ROUTE_INPUT] : undefined;
}
