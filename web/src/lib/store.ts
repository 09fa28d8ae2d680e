import { useSyncExternalStore } from 'react';
import type * as z from '@portal/core/zod';

/**
 * A tiny observable value, optionally persisted in Web Storage. Components read it with `useStore`
 * (React's useSyncExternalStore), so no state library is needed. Without a usable storage (tests in
 * Node, private mode quota errors) the value simply lives in memory.
 */
export interface Store<T> {
  get(): T;
  set(next: T | ((previous: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

/**
 * Outside the built app, every store's way back to its first value: the DOM test files share one module graph per
 * worker (ADR 162), so what one file's user did (a dialog open, a snack, a session) must not greet the next.
 * The `import.meta.env.PROD` guards drop all of it from the build.
 */
const resets = new Map<object, () => void>();

/** Every store back to its first value (the DOM tests, before each test), but those kept by `keptOnReset`. */
export function resetStores(): void {
  for (const reset of resets.values()) reset();
}

/**
 * A store of what was loaded (a module, texts) rather than of what a user did: `resetStores` leaves it, since the
 * module that fills it loads once per module graph.
 */
export function keptOnReset<T>(store: Store<T>): void {
  if (!import.meta.env.PROD) resets.delete(store);
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const store: Store<T> = {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  if (!import.meta.env.PROD) resets.set(store, () => store.set(initial));
  return store;
}

type StorageKind = 'local' | 'session';

function storageOf(kind: StorageKind): Storage | undefined {
  try {
    if (typeof window === 'undefined') return undefined;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * A store persisted as JSON under `key` in local or session storage. The stored text is parsed with
 * `schema`; anything unreadable falls back to `initial` (an old or tampered value never crashes the app).
 */
export function createPersistentStore<S extends z.ZodMiniType>(
  kind: StorageKind,
  key: string,
  schema: S,
  initial: z.infer<S>,
): Store<z.infer<S>> {
  type T = z.infer<S>;
  const read = (): T => {
    const raw = storageOf(kind)?.getItem(key);
    if (raw == null) return initial;
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? (parsed.data as T) : initial;
    } catch {
      return initial;
    }
  };
  // Back to `initial`, not to what storage held when the module loaded: the tests clear storage after each test.
  const store = createStore<T>(read());
  keptOnReset(store);
  const persistent: Store<T> = {
    get: store.get,
    subscribe: store.subscribe,
    set(next) {
      store.set(next);
      try {
        storageOf(kind)?.setItem(key, JSON.stringify(store.get()));
      } catch {
        // Quota or privacy mode: keep the in-memory value.
      }
    },
  };
  if (!import.meta.env.PROD) resets.set(persistent, () => store.set(initial));
  return persistent;
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
