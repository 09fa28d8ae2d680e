import { type ComponentType, createElement, isValidElement, lazy, type ReactNode } from 'react';
import type { FeatureCatalogue } from '../i18n/catalogues.ts';
import { loadCatalogue } from '../i18n/index.ts';
import { loadDataLayer } from './data-bridge.ts';

/** Each lazy route's download, startable before React renders it (preloadRouteElements). */
const preloaders = new WeakMap<WeakKey, () => void>();

/**
 * A route element (a screen, a layout or a guard) loaded with its own chunk on first use (React.lazy),
 * picked by its named export, so route modules keep named exports. The feature's message catalogues and
 * the data layer (data-bridge.ts, usually there already) load alongside (in parallel), so the screen
 * renders with its texts, inside the data layer's SWR settings. Rendered inside a Suspense boundary: a
 * layout's RouteContent for screens and guards, the root layout's for layouts. Navigations run in a
 * transition, so the boundary shows its fallback only on a first load, never in place of a shown screen.
 * The download can start before the first render (preloadRouteElements); a failed one is tried again then.
 */
export function lazyRoute<M, K extends keyof M>(load: () => Promise<M>, name: K, ...catalogues: FeatureCatalogue[]): M[K] {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadRoute = () =>
    (loading ??= Promise.all([load(), loadDataLayer(), ...catalogues.map(loadCatalogue)]).then(([module, { DataConfig }]) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound for any props
      const Screen = module[name] as ComponentType<any>;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
      const WithData = (props: any) => createElement(DataConfig, null, createElement(Screen, props));
      return { default: WithData };
    }));
  const component = lazy(loadRoute);
  preloaders.set(component, () => {
    loadRoute().catch(() => {
      loading = undefined;
    });
  });
  return component as M[K];
}

/**
 * Starts the downloads of every lazy route in these elements (a matched route's element and the elements
 * it wraps, e.g. a guard around a screen), all at once: a deep link's layout, guards and screen (code and
 * catalogues) load in parallel with the session read, not one after the other as each renders (ADR 097).
 */
export function preloadRouteElements(nodes: ReactNode[]): void {
  for (const node of nodes) {
    if (!isValidElement<{ children?: ReactNode }>(node)) continue;
    if (typeof node.type !== 'string') preloaders.get(node.type)?.();
    const children = node.props.children;
    preloadRouteElements(Array.isArray(children) ? children : [children]);
  }
}
