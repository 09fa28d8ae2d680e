import type { StoreType } from '@portal/core';
import { useSession } from '../../../lib/auth.ts';
import { usePortal } from '../../../lib/portal.ts';
import { useSessionState } from '../../../lib/session.ts';
import { useOrderDraft } from './order-draft.ts';

/**
 * What every order step needs: the chosen retailer (lib/session, set by retailer selection), the ordering
 * settings (SPEC 6: showStoreList picks stores, type 0, over distribution centres, type 1), the user's
 * locale and currency, and the order draft of this retailer.
 */
export function useOrderContext() {
  const portal = usePortal();
  const { status } = useSession();
  const retailer = useSessionState().retailer;
  const user = status?.user ?? null;
  const settings = user?.modules.ordering?.settings;
  const storeType: StoreType = settings?.showStoreList === true ? 0 : 1;
  const draft = useOrderDraft(retailer?.id ?? null);
  return {
    portal,
    retailer,
    retailerId: retailer?.id ?? null,
    settings,
    storeType,
    draft,
    locale: user?.locale ?? 'en-US',
    timezone: user?.timezone ?? 'UTC',
    currency: user?.currencyObj ?? { isoCode: 'EUR', symbol: '€', decimals: 2 },
  };
}
export type OrderContext = ReturnType<typeof useOrderContext>;
