import { hasUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { paths } from '../../lib/paths.ts';
import { createStore, useStore } from '../../lib/store.ts';

/** How often a page asks whether a new release is out (SPEC 9 "service-worker poll"). */
export const SW_UPDATE_POLL_MS = 300_000;

/**
 * What vite-plugin-pwa's `registerSW` (virtual:pwa-register) is called with and returns, as far as this
 * module uses it; register-sw.ts passes the real one, tests a fake.
 */
export interface RegisterSwOptions {
  immediate: boolean;
  /** A new service worker is installed and waiting. */
  onNeedRefresh: () => void;
  /** A new service worker took control of this page (after this or another tab applied the update). */
  onNeedReload: () => void;
  onRegisteredSW: (url: string, registration: ServiceWorkerRegistration | undefined) => void;
}
export type RegisterSw = (options: RegisterSwOptions) => (reloadPage?: boolean) => Promise<void>;

export interface UpdateState {
  /** A new release is installed and only waits for the page to take it. */
  ready: boolean;
}
const updateStore = createStore<UpdateState>({ ready: false });
export const useAppUpdate = (): UpdateState => useStore(updateStore);

let apply: () => void = () => undefined;
/** Takes the waiting release: its worker takes control, then the page reloads (register-sw.ts). */
export const applyUpdate = (): void => apply();

export interface AppUpdateOptions {
  pollMs?: number;
  reload?: () => void;
  /** Whether a service worker controls this page (none on the visit that installed the first one). */
  controlled?: () => boolean;
}

/**
 * Registers the service worker and asks for a new one every `pollMs` (SPEC 7: the service-worker file is
 * polled). A found release is published in the update store; the root layout's AppUpdateToast applies it or
 * offers it. Returns the poll's stop (tests).
 */
export function startAppUpdates(registerSw: RegisterSw, options: AppUpdateOptions = {}): () => void {
  const { pollMs = SW_UPDATE_POLL_MS, reload = () => window.location.reload() } = options;
  const controlled = options.controlled ?? (() => Boolean(navigator.serviceWorker.controller));
  let applying = false;
  let takenElsewhere = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  updateStore.set({ ready: false });
  const updateSw = registerSw({
    immediate: true,
    onNeedRefresh: () => updateStore.set({ ready: true }),
    onNeedReload: () => {
      if (applying) return reload();
      // Another tab took the release: this page runs the old code under the new worker until it reloads.
      takenElsewhere = true;
      updateStore.set({ ready: true });
    },
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      timer = setInterval(() => {
        // Offline the check would only fail; a worker still installing is checked at the next poll.
        if (navigator.onLine && !registration.installing) registration.update().catch(() => undefined);
      }, pollMs);
    },
  });
  apply = () => {
    applying = true;
    if (takenElsewhere) return reload();
    // The waiting worker takes over, and the controlled page reloads when it does (onNeedReload). A page no
    // worker controls (the visit that installed the first) sees no such change: it reloads at once.
    void updateSw(true).then(() => {
      if (!controlled()) reload();
    });
  };
  return () => clearInterval(timer);
}

/** Where a release applies by itself (SPEC 2 "Landing after login"): the ordering login (/) and connect's. */
const AUTO_UPDATE_PATHS: readonly string[] = [paths.home, paths.connect.root];

/** Kinds of <input> that hold no typing of the user's. */
const NOT_TYPED = new Set(['hidden', 'checkbox', 'radio', 'submit', 'button', 'reset', 'image', 'file', 'range', 'color']);

/**
 * Whether the user has typed into the page: a form with unsaved input (ADR 053), or a filled text field
 * of a form that does not track it (the login card: a half-typed username is input too).
 */
export function hasTypedInput(doc: Document = document): boolean {
  if (hasUnsavedChanges()) return true;
  for (const field of doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) continue;
    if (field.value !== '') return true;
  }
  return false;
}

/** A ready release applies by itself on the login paths, unless the user has typed there: it is offered instead. */
export const appliesByItself = (pathname: string, typed: boolean): boolean => !typed && AUTO_UPDATE_PATHS.includes(pathname);
