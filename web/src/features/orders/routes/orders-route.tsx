import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { FiltersCard, PageHeader } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';
import { useSession } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { useSessionState } from '../../../lib/session.ts';
import { storeTypeOf } from '../../../lib/store-type.ts';
import { useUserFormat } from '../../../lib/user-format.ts';
import { defaultOrdersFilter, type OrdersFilter, rangeProblem } from '../model/orders-filter.ts';
import { useAddresses } from '../api/orders.ts';
import { OrdersFilters } from '../components/orders-filters.tsx';
import { OrdersList } from '../components/orders-list.tsx';

// The sales screen's Orders header shows this list; it loads it with this module, which /app/orders loads
// anyway, rather than a chunk of its own (app/routes/sales-route.tsx; ADR 128).
export { OrdersList };

/** Shown when no retailer is chosen (possible only with disableRetailerLevel): the calls need one. */
export function ChooseRetailer() {
  const t = useT();
  return (
    <Alert theme="orange" title={t('messages.selectRetailer')}>
      <Link to={paths.app.retailerSelection} className={`${buttonClasses('text')} -ml-3 mt-1`}>
        {t('pages.retailerSelection')}
      </Link>
    </Alert>
  );
}

/** /app/orders: the chosen retailer's orders with their filters (SPEC 3, 4; ADR 015). */
export function OrdersRoute() {
  const t = useT();
  const retailer = useSessionState().retailer;
  const storeType = storeTypeOf(useSession().status?.user?.modules);
  const fmt = useUserFormat();
  const [filter, setFilter] = useState<OrdersFilter>(() => defaultOrdersFilter(new Date(), fmt.timeZone, storeType));
  const addresses = useAddresses(retailer?.id ?? null, filter.storeType);
  const problem = rangeProblem(filter.startDate, filter.endDate);

  return (
    <div>
      <PageHeader title={t('orders.title')} description={retailer ? t('orders.description', { retailer: retailer.name }) : undefined} />
      {!retailer ? (
        <ChooseRetailer />
      ) : (
        <div className="space-y-6">
          <FiltersCard title={t('orders.filters.title')}>
            <OrdersFilters
              filter={filter}
              onChange={setFilter}
              addresses={addresses.data?.items}
              addressesLoading={addresses.isLoading}
              today={fmt.today}
              rangeProblem={problem}
            />
          </FiltersCard>
          <OrdersList customerId={retailer.id} filter={problem ? null : filter} />
        </div>
      )}
    </div>
  );
}
