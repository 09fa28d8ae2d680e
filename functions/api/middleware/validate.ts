import { zValidator } from '@hono/zod-validator';
import type { Env, Input, MiddlewareHandler, ValidationTargets } from 'hono';
import type { HandlerResponse } from 'hono/types';
import { lazy } from '@portal/backend/platform';
import type * as z from '@portal/core/zod';

/** What a route's validate(...) checks, kept for its middleware so the route fuzzer can find it. */
export type RouteInput = { target: keyof ValidationTargets; schema: z.ZodMiniType };
/** The same for validateOnFirstUse(...): the schema is there once `load` has run (route-table.ts awaits it). */
export type RouteInputOnFirstUse = { target: keyof ValidationTargets; load: () => Promise<z.ZodMiniType> };

const routeInputs = new WeakMap<object, RouteInput | RouteInputOnFirstUse>();

/** Records what `middleware` validates (read back by inputOf) and hands it back unchanged. */
export function withRouteInput<M extends object>(middleware: M, input: RouteInput | RouteInputOnFirstUse): M {
  routeInputs.set(middleware, input);
  return middleware;
}

/**
 * A middleware that builds the real one on the route's first request (platform/lazy.ts) and then runs it:
 * typed as the one it builds, so the route's input and output types are the same as if it were built at once.
 */
export function onFirstUse<E extends Env, P extends string, I extends Input, R extends HandlerResponse<unknown>>(
  build: () => Promise<MiddlewareHandler<E, P, I, R>>,
): MiddlewareHandler<E, P, I, R> {
  const built = lazy(build);
  return async (c, next) => (await built())(c, next);
}

/** zValidator whose failures reach app.onError as a $ZodError, i.e. 400 with field issues. */
export const validate = <T extends z.ZodMiniType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  withRouteInput(
    zValidator(target, schema, (result) => {
      if (!result.success) throw result.error;
    }),
    { target, schema },
  );

/**
 * validate(...) with a schema whose module loads on the route's first request (platform/lazy.ts): for the
 * portals' contracts (ordering, couponing, sales, connect), which no sign-in or account request needs, so
 * their zod schemas are not built at the API's cold start (ADR 038). Same types and answers as validate.
 */
export const validateOnFirstUse = <T extends z.ZodMiniType, Target extends keyof ValidationTargets>(
  target: Target,
  load: () => Promise<T>,
) =>
  withRouteInput(
    onFirstUse(async () => validate(target, await load())),
    { target, load },
  );

export function inputOf(handler: unknown): RouteInput | RouteInputOnFirstUse | undefined {
  return typeof handler === 'function' ? routeInputs.get(handler) : undefined;
}
