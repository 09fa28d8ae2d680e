import { unboundedLeaves } from '@portal/core/shared';
import type { RouteEntry } from '../route-table.ts';

/** `METHOD /path target kind a.b.[]` for every array, record or string a route validates without a length bound (ADR 052). */
export function unboundedInputs(routes: RouteEntry[]): string[] {
  return routes.flatMap((route) =>
    route.inputs.flatMap((input) =>
      'schema' in input ? unboundedLeaves(input.schema).map((leaf) => `${route.method} ${route.path} ${input.target} ${leaf}`) : [],
    ),
  );
}
