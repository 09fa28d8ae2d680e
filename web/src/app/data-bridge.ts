import { loadCatalogue, loadErrorTexts } from '../i18n/index.ts';
import { firstStatus, startFirstReads } from '../lib/api-first-reads.ts';
import { isConnectHome, isSignedInPath } from '../lib/paths.ts';
import { currentPortal } from '../lib/portal.ts';
import { storedSignedIn } from '../lib/stored-session.ts';
import { createStore, keptOnReset, useStore } from '../lib/store.ts';
import { onFirstIntent } from './first-intent.ts';
import { whenPageIdle } from './update/when-page-idle.ts';
import type * as DataLayerModule from './data-layer.tsx';
import type * as SignInLayerModule from './sign-in-layer.ts';

/**
 * The login page paints without the data layer (API client, SWR, zod schemas, session state: ~26 KB
 * gzip), which loads when `startDataLayer` (below) decides; what the first screen needs of it comes through here:
 * - `loadDataLayer()` for calls (sign-in, logout), awaited where used;
 * - `useDataLayer()` for its components and rules once it is there (undefined before);
 * - `useShellSession()` (shell-session.ts) for the session status and brand its DataSync publishes.
 * Screens loaded with their own chunk (lazyRoute) arrive after it and import lib/auth etc. directly.
 */
export type DataLayer = typeof DataLayerModule;

const layerStore = createStore<DataLayer | undefined>(undefined);
keptOnReset(layerStore);
/** The last failed download (cleared by a successful one): a screen waiting for the layer shows it. */
const failureStore = createStore<unknown>(undefined);
keptOnReset(failureStore);
let loading: Promise<DataLayer> | undefined;

export function loadDataLayer(): Promise<DataLayer> {
  // The texts of its errors (API error codes, field rules) come apart in the built app (startDataLayer, ADR 127);
  // outside it (tests) with the layer, as a lazy route's catalogue.
  loading ??= Promise.all([import('./data-layer.tsx'), import.meta.env.PROD ? undefined : loadCatalogue('errors')]).then(
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

/** The sign-in half (sign-in-layer.ts, ADR 125): the login attempts and the form's rules, with the data layer. */
export type SignInLayer = typeof SignInLayerModule;
const signInStore = createStore<SignInLayer | undefined>(undefined);
keptOnReset(signInStore);
let signInLoading: Promise<SignInLayer> | undefined;

export function loadSignInLayer(): Promise<SignInLayer> {
  // With the texts of the login form's rules (the `errors` catalogue).
  signInLoading ??= Promise.all([import('./sign-in-layer.ts'), loadDataLayer(), loadErrorTexts()]).then(
    ([layer]) => {
      signInStore.set(layer);
      return layer;
    },
    (error: unknown) => {
      signInLoading = undefined; // tried again by the next caller (a submit), which reports it
      throw error;
    },
  );
  return signInLoading;
}
export const useSignInLayer = () => useStore(signInStore);

/**
 * Called by a login card when it is shown: in the built app the sign-in layer loads at the visitor's first input
 * (first-intent.ts), as the data layer does on the login page (ADR 117), so a visitor who only looks, or a
 * signed-in visitor sent on, never downloads it; outside it (tests) at once. A submit waits for it.
 */
export function startSignInLayer(): void {
  const load = () => void loadSignInLayer().catch(() => undefined);
  if (typeof window === 'undefined' || !import.meta.env.PROD) return load();
  onFirstIntent(load);
}
/** Why the data layer could not be loaded (undefined while it loads or once it is there). */
export const useDataLayerFailure = () => useStore(failureStore);

/**
 * When the data layer loads (ADR 117). The entry's first reads (api-first-reads.ts: the session status, the brand
 * and a connect section's master data) start at once, in the built app. The layer itself:
 * - at once below /app or /connect (the connect login, /connect itself, aside: ADR 127), with a signed-in copy of the
 *   portal's session in session storage, and outside the built app (no first reads there);
 * - on the login pages (/ and /connect) and the other public pages, at the visitor's first input (first-intent.ts),
 *   when the first status read says anything but signed out (a signed-in visitor goes on to their landing page, a
 *   failure is reported), or when a lazily loaded page (lazy-route.ts) or a sign-in asks for it. The login card
 *   paints and takes input without it (the submit waits for it); the brand's name and links come from the first read.
 * A failed download is tried again where the layer is used.
 */
function startDataLayer(): void {
  const load = () => void loadDataLayer().catch(() => undefined);
  if (typeof window === 'undefined') return load();
  const portal = currentPortal();
  if (import.meta.env.PROD) {
    startFirstReads(portal, window.location.pathname);
    // The texts of errors: no screen shows one at first paint (the API client loads them before a failure).
    onFirstIntent(() => void loadErrorTexts());
    whenPageIdle(() => void loadErrorTexts());
  }
  const status = firstStatus();
  const { pathname } = window.location;
  if (!status || (isSignedInPath(pathname) && !isConnectHome(pathname)) || storedSignedIn(portal)) return load();
  onFirstIntent(load);
  void status.then((said) => said === 'other' && load());
}
startDataLayer();
