import { PAGE_IDLE_MARK, pageIdle } from './page-idle.ts';

// A module of its own, not in page-idle.ts: that one is in the entry (the login page's bytes), this one only where a
// screen defers a part (ADR 148).
/** Runs `then` once the page has been idle (at once if it already is): what a screen needs only after its first view. */
export function afterPageIdle(then: () => void): () => void {
  if (pageIdle()) {
    then();
    return () => undefined;
  }
  if (typeof PerformanceObserver !== 'function') return () => undefined;
  const marks = new PerformanceObserver((list) => {
    if (list.getEntriesByName(PAGE_IDLE_MARK).length === 0) return;
    marks.disconnect();
    then();
  });
  marks.observe({ type: 'mark' });
  return () => marks.disconnect();
}
