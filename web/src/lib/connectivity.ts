import { useSyncExternalStore } from 'react';
import { createStore, useStore } from './store.ts';

/**
 * Whether the API answers (ADR 091): the fetch wrapper (api-client.ts) reports each call's outcome, a call
 * that reached no server marks it unreachable until the next answer. With the browser's own offline flag
 * it tells the login page to say the portal is offline instead of failing like a broken page.
 */
const apiUnreachable = createStore(false);

export const reportApiReachable = (reachable: boolean): void => apiUnreachable.set(!reachable);

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** True while the browser is offline or the last API call reached no server. */
export function useOffline(): boolean {
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  return useStore(apiUnreachable) || !online;
}
