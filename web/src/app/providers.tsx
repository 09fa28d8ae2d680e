import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

/**
 * App-wide providers. State lives in small stores (lib/store.ts) and SWR's cache; the only provider
 * needed is SWR's configuration.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        revalidateOnFocus: true,
        dedupingInterval: 2_000,
        errorRetryCount: 2,
      }}
    >
      {children}
    </SWRConfig>
  );
}
