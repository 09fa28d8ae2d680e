import { loadCatalogue } from '../i18n/index.ts';
import { createStore, useStore } from '../lib/store.ts';
import type * as DataLayerModule from './data-layer.tsx';

/**
 * The login page paints without the data layer (API client, SWR, zod schemas, session state: ~20 KB
 * gzip). It starts loading when this module runs, in parallel with the first paint; what the first
 * screen needs of it comes through here:
 * - `loadDataLayer()` for calls (sign-in, logout), awaited where used;
 * - `useDataLayer()` for its components and rules once it is there (undefined before);
 * - `useShellSession()` (shell-session.ts) for the session status and brand its DataSync publishes.
 * Screens loaded with their own chunk (lazyRoute) arrive after it and import lib/auth etc. directly.
 */
export type DataLayer = typeof DataLayerModule;

const layerStore = createStore<DataLayer | undefined>(undefined);
/** The last failed download (cleared by a successful one): a screen waiting for the layer shows it. */
const failureStore = createStore<unknown>(undefined);
let loading: Promise<DataLayer> | undefined;

export function loadDataLayer(): Promise<DataLayer> {
  // With the texts of its errors (API error codes, field rules), like a lazy route with its catalogue.
  loading ??= Promise.all([import('./data-layer.tsx'), loadCatalogue('errors')]).then(
    ([layer]) => {
      failureStore.set(undefined);
      layerStore.set(layer);
      return layer;
    },
    (error: unknown) => {
      loading = undefined; // a failed download is tried again by the next caller
      failureStore.set(error);
      throw error;
    },
  );
  return loading;
}

export const useDataLayer = () => useStore(layerStore);
/** Why the data layer could not be loaded (undefined while it loads or once it is there). */
export const useDataLayerFailure = () => useStore(failureStore);

// Started as soon as the app's code runs (the entry imports this module), so the data layer downloads
// while the login page paints. A failed download is tried again where the layer is used.
void loadDataLayer().catch(() => undefined);
