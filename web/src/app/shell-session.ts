import type { BrandSettings } from '@portal/core/shared';
import type { SessionStatus } from '@portal/core/auth';
import { useFirstBrandName } from '../lib/api-first-reads.ts';
import { createStore, useStore } from '../lib/store.ts';

/**
 * The current portal's session as the shells outside the lazy chunks see it (lib/auth's useSession),
 * published by the data layer's DataSync (data-layer.tsx); undefined until the data layer is there.
 */
export interface ShellSession {
  status: SessionStatus | undefined;
  /** The server has answered the status request (lib/auth's SessionView.settled). */
  settled: boolean;
  /** Where this session lands (lib/auth's sessionLanding). */
  landing: string;
  brand: BrandSettings | undefined;
}

const shellStore = createStore<ShellSession | undefined>(undefined);
export const publishShellSession = (session: ShellSession | undefined) => shellStore.set(session);
export const useShellSession = () => useStore(shellStore);

/**
 * The brand's name the public shell shows: the data layer's (parsed with the contract) once it is there, before it
 * the first read's (api-first-reads.ts): on the login page the data layer waits for the first input (ADR 117).
 */
export function usePublicBrandName(): string | undefined {
  const first = useFirstBrandName();
  return useShellSession()?.brand?.name ?? first;
}
