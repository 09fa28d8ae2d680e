import { hasModulePermission } from '@portal/core/auth';
import { Suspense } from 'react';
import { FullPageSpinner } from '../../components/ui/card.tsx';
import { SalesScreen } from '../../features/sales/components/sales-screen.tsx';
import { loadCatalogue, useT } from '../../i18n/index.ts';
import { useSession } from '../../lib/auth.ts';
import { useSessionState } from '../../lib/session.ts';
import { storeTypeOf } from '../../lib/store-type.ts';
import { lazyPart } from '../../lib/lazy-part.ts';

// The orders feature's parts load when shown (its route module, which /app/orders loads anyway, with its
// catalogue): the Orders header when chosen, the retailer hint without a retailer. The sales screen's first
// view, the statistic, does not download them (ADR 128).
const ordersParts = () => Promise.all([import('../../features/orders/routes/orders-route.tsx'), loadCatalogue('orders')]).then(([m]) => m);
const OrdersList = lazyPart(ordersParts, 'OrdersList');
const ChooseRetailer = lazyPart(ordersParts, 'ChooseRetailer');

/**
 * /app/sales: the sales feature's screen, with the orders feature's list as its 'Orders' header (the
 * orders placed in the same date range and store). Features do not import each other: they meet here.
 * The Orders header needs cardOrdering (the orders call does); without it the header is not offered.
 */
export function SalesRoute() {
  const t = useT();
  const retailer = useSessionState().retailer;
  const { status } = useSession();
  const modules = status?.user?.modules;
  if (!retailer)
    return (
      <Suspense fallback={null}>
        <ChooseRetailer />
      </Suspense>
    );
  const canSeeOrders = hasModulePermission(modules, 'ordering', 'cardOrdering', false);
  const storeType = storeTypeOf(modules);

  return (
    <SalesScreen
      customerId={retailer.id}
      retailerName={retailer.name}
      ordersTab={
        canSeeOrders
          ? (range) =>
              range ? (
                <div className="space-y-3">
                  <p className="text-sm text-slate-600">
                    {storeType === 0 || !range.storeId ? t('sales.ordersTab.hint') : t('sales.ordersTab.hintAllDcs')}
                  </p>
                  <Suspense fallback={<FullPageSpinner label={t('sales.loading')} />}>
                    <OrdersList
                      customerId={retailer.id}
                      caption={t('sales.ordersTab.caption')}
                      filter={{
                        startDate: range.startDate,
                        endDate: range.endDate,
                        // Sales are booked per store; orders of distribution centres have no store to match.
                        storeId: storeType === 0 ? range.storeId : '',
                        storeType,
                        deleted: true,
                      }}
                    />
                  </Suspense>
                </div>
              ) : null
          : undefined
      }
    />
  );
}
