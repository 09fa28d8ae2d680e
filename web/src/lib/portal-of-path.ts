import type { Portal } from '@portal/core/shared';

/**
 * Which portal an address belongs to, without React: the page's first reads (first-reads.ts) run before
 * vendor-react is there (ADR 135). portal.ts re-exports these beside the portal's React context.
 */
export const CONNECT_BASE = '/connect';

/** Screens under /connect belong to the connect portal; everything else to the ordering portal. */
export function portalOfPath(pathname: string): Portal {
  return pathname === CONNECT_BASE || pathname.startsWith(`${CONNECT_BASE}/`) ? 'connect' : 'ordering';
}

/** The portal of the screen the browser currently shows (the API client's default). */
export function currentPortal(): Portal {
  return typeof window === 'undefined' ? 'ordering' : portalOfPath(window.location.pathname);
}
