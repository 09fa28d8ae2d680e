import type { Portal } from '@portal/core/shared';
import { createContext, useContext } from 'react';

/** Screens under /connect belong to the connect portal; everything else to the ordering portal. */
export const CONNECT_BASE = '/connect';

export function portalOfPath(pathname: string): Portal {
  return pathname === CONNECT_BASE || pathname.startsWith(`${CONNECT_BASE}/`) ? 'connect' : 'ordering';
}

/** The portal of the screen the browser currently shows (the API client's default). */
export function currentPortal(): Portal {
  return typeof window === 'undefined' ? 'ordering' : portalOfPath(window.location.pathname);
}

export const PortalContext = createContext<Portal>('ordering');
export const usePortal = () => useContext(PortalContext);
