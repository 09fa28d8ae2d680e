import type { Portal } from '@portal/core/shared';
import { createContext, useContext } from 'react';

export { CONNECT_BASE, currentPortal, portalOfPath } from './portal-of-path.ts';

export const PortalContext = createContext<Portal>('ordering');
export const usePortal = () => useContext(PortalContext);
