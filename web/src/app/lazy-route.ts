import { type ComponentType, createElement, lazy } from 'react';
import type { FeatureCatalogue } from '../i18n/catalogues.ts';
import { loadCatalogue } from '../i18n/index.ts';
import { loadDataLayer } from './data-bridge.ts';

/**
 * A route element (a screen, a layout or a guard) loaded with its own chunk on first use (React.lazy),
 * picked by its named export, so route modules keep named exports. The feature's message catalogues and
 * the data layer (data-bridge.ts, usually there already) load alongside (in parallel), so the screen
 * renders with its texts, inside the data layer's SWR settings. Rendered inside a Suspense boundary: a
 * layout's RouteContent for screens and guards, the root layout's for layouts. Navigations run in a
 * transition, so the boundary shows its fallback only on a first load, never in place of a shown screen.
 */
export function lazyRoute<M, K extends keyof M>(load: () => Promise<M>, name: K, ...catalogues: FeatureCatalogue[]): M[K] {
  return lazy(async () => {
    const [module, { DataConfig }] = await Promise.all([load(), loadDataLayer(), ...catalogues.map(loadCatalogue)]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound for any props
    const Screen = module[name] as ComponentType<any>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    const WithData = (props: any) => createElement(DataConfig, null, createElement(Screen, props));
    return { default: WithData };
  }) as M[K];
}
