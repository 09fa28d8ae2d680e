/**
 * The performance mark the app sets once the page has fetched nothing for a while (app/update/when-page-idle.ts,
 * ADR 125): the moment the byte budgets stop counting (scripts/bench/page-load.ts), the service worker registers and
 * a screen's parts below its first view load (components/ui/near-view.tsx, ADR 141). One name for all of them.
 */
export const PAGE_IDLE_MARK = 'portal:idle';

/** Whether the page has been idle (its mark is set). */
export const pageIdle = (): boolean =>
  typeof performance.getEntriesByName === 'function' && performance.getEntriesByName(PAGE_IDLE_MARK).length > 0;
