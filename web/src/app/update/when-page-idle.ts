import { PAGE_IDLE_MARK } from '../../lib/page-idle.ts';

/** How long the page must have fetched nothing before it counts as idle. */
export const QUIET_MS = 3_000;
/** The longest wait after the load event: a page that keeps fetching still registers its worker. */
export const MAX_WAIT_MS = 30_000;

/**
 * Runs `then` once the page is idle: after the load event, once no request has finished for QUIET_MS (a deep
 * link's lazy chunks, catalogues and first data come after the load event), at the latest MAX_WAIT_MS after
 * it, in the browser's next idle period. The service worker's registration waits for this (ADR 125): its
 * download (workbox-window) and the precache it starts (~1.3 MB) would otherwise compete with the screen's
 * chunks and data on a phone's line.
 */
export function whenPageIdle(then: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => then()) : setTimeout(then, 0));
  const watch = () => {
    let quiet = setTimeout(done, QUIET_MS);
    const latest = setTimeout(done, MAX_WAIT_MS);
    const observer = typeof PerformanceObserver === 'function' ? new PerformanceObserver(restart) : undefined;
    observer?.observe({ type: 'resource' });
    function restart() {
      clearTimeout(quiet);
      quiet = setTimeout(done, QUIET_MS);
    }
    function done() {
      // The moment the page counts as idle, for the byte budgets' count (scripts/bench/page-load.ts `pageIdleAt`).
      performance.mark?.(PAGE_IDLE_MARK);
      observer?.disconnect();
      clearTimeout(quiet);
      clearTimeout(latest);
      idle();
    }
  };
  if (document.readyState === 'complete') watch();
  else window.addEventListener('load', watch, { once: true });
}
