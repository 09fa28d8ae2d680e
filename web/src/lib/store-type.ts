import { hasModuleSetting, type SessionUser } from '@portal/core/auth';
import type { StoreType } from '@portal/core/ordering';

/**
 * SPEC 6 showStoreList: stores are listed directly (store type 0), otherwise the retailer's distribution
 * centres (store type 1). Ordering, the orders list and sales all follow this one setting.
 */
export function storeTypeOf(modules: SessionUser['modules'] | null | undefined): StoreType {
  return hasModuleSetting(modules, 'ordering', 'showStoreList', false) ? 0 : 1;
}
