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

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
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
  const store = createStore<T>(read());
  return {
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
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
