import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type * as z from '@portal/core/zod';

export const ROUTE_INPUT = Symbol('routeInput');
/** What a route's validate(...) checks, kept on the middleware so the route fuzzer can find it. */
export type RouteInput = { target: keyof ValidationTargets; schema: z.ZodMiniType };

/** zValidator whose failures reach app.onError as a $ZodError, i.e. 400 with field issues. */
export const validate = <T extends z.ZodMiniType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) =>
  Object.assign(
    zValidator(target, schema, (result) => {
      if (!result.success) throw result.error;
    }),
    { [ROUTE_INPUT]: { target, schema } satisfies RouteInput },
  );

export function inputOf(handler: unknown): RouteInput | undefined {
  return typeof handler === 'function' ? (handler as { [ROUTE_INPUT]?: RouteInput })[ROUTE_INPUT] : undefined;
}
