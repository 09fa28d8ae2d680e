import { useSession } from '../../../lib/auth.ts';
import { usePortal } from '../../../lib/portal.ts';
import { useSessionState } from '../../../lib/session.ts';
import { storeTypeOf } from '../../../lib/store-type.ts';
import { useUserFormat } from '../../../lib/user-format.ts';
import { useOrderDraft } from './order-draft.ts';

/**
 * What every order step needs: the chosen retailer (lib/session, set by retailer selection), the ordering
 * settings (SPEC 6: showStoreList picks stores, type 0, over distribution centres, type 1), the user's
 * locale, time zone and currency (lib/user-format), the username, and the order draft of this retailer.
 */
export function useOrderContext() {
  const portal = usePortal();
  const user = useSession().status?.user ?? null;
  const retailer = useSessionState().retailer;
  const { locale, timeZone, currency } = useUserFormat();
  const draft = useOrderDraft(retailer?.id ?? null);
  return {
    portal,
    retailer,
    retailerId: retailer?.id ?? null,
    /** The signed-in user's name: per-user preferences (the products table's columns) are keyed by it. */
    username: user?.username ?? '',
    settings: user?.modules.ordering?.settings,
    storeType: storeTypeOf(user?.modules),
    draft,
    locale,
    timeZone,
    currency,
  };
}
export type OrderContext = ReturnType<typeof useOrderContext>;
