import { type ComponentType, lazy } from 'react';

/**
 * A route screen loaded with its own chunk on first use (React.lazy), picked by its named export, so
 * route modules keep named exports. Rendered inside a layout's RouteContent (its Suspense boundary).
 */
export function lazyRoute<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound for any props
  return lazy(async () => ({ default: (await load())[name] as ComponentType<any> })) as M[K];
}
