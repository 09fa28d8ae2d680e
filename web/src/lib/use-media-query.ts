import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now; the component re-renders when it changes (a resize, a rotation). Read
 * synchronously on the first render (`useSyncExternalStore`), so the first paint already has the right layout;
 * false where there is no `matchMedia` (a server or test snapshot).
 */
export function useMediaQuery(query: string): boolean {
  // One subscription per query, not one per render (React resubscribes when the function changes).
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!hasMatchMedia()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => hasMatchMedia() && window.matchMedia(query).matches,
    () => false,
  );
}

const hasMatchMedia = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** Tailwind's breakpoints as `web/src/index.css` defines them (`--breakpoint-sm`, `--breakpoint-md`). */
const BREAKPOINTS = { sm: 640, md: 768 } as const;

/**
 * Whether the viewport is at least Tailwind's `sm` or `md` breakpoint: a list renders either its phone cards or
 * its table for the current width, not both with one hidden by CSS (ADR 145: the rows rendered once).
 */
export function useWideScreen(from: keyof typeof BREAKPOINTS): boolean {
  return useMediaQuery(`(min-width: ${BREAKPOINTS[from]}px)`);
}
