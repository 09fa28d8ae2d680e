import { type AddressRow, isSelectableAddress } from '@portal/core/ordering';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { StoreIcon } from '../../../components/ui/icons.tsx';
import { ListSearch } from '../../../components/ui/list-search.tsx';
import { ListState } from '../../../components/ui/list-state.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { useDebouncedValue } from '../../../components/ui/use-debounced-value.ts';
import { type Translate, useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useAddresses } from '../api/ordering-api.ts';
import { chooseLocation } from '../model/order-draft.ts';
import { useOrderContext } from '../model/use-order-context.ts';
import { OrderPage, StepLoading } from '../components/order-page.tsx';
import { useWideScreen } from '../../../lib/use-media-query.ts';

const statusTheme = { active: 'green', deleted: 'gray', locked: 'red', lockedForAirs: 'orange' } as const;

const statusLabel = (t: Translate, address: AddressRow) => t(`order.address.statuses.${address.status}`);

/**
 * /app/order — step 1, Address: the chosen retailer's stores (setting showStoreList, store type 0) or its
 * distribution centres (type 1), searchable. Locked and deleted addresses are listed with their status
 * but cannot be chosen. Choosing one keeps it as the order's location and goes on to its products.
 */
export function AddressRoute() {
  const t = useT();
  const navigate = useNavigate();
  const wide = useWideScreen('md');
  const ctx = useOrderContext();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const query = ctx.retailerId ? { customerId: ctx.retailerId, storeType: ctx.storeType, search: debounced } : null;
  const addresses = useAddresses(query);
  const { isValidating } = addresses;

  const choose = (address: AddressRow) => {
    chooseLocation(ctx.portal, ctx.retailerId, address);
    void navigate(paths.app.order.location(address.storeId));
  };
  const current = ctx.draft.location;
  const retailerName = ctx.retailer?.name ?? '';

  return (
    <OrderPage
      step={0}
      title={t('order.address.title')}
      description={
        ctx.storeType === 0
          ? t('order.address.storesDescription', { retailer: retailerName })
          : t('order.address.centresDescription', { retailer: retailerName })
      }
    >
      <Card className="overflow-hidden">
        <ListSearch
          label={t('order.address.search')}
          placeholder={t('order.address.searchPlaceholder')}
          value={search}
          onValueChange={setSearch}
          className="max-w-md"
        />
        <ListState
          result={addresses}
          failedMessage={t('order.loadFailed')}
          retryLabel={t('order.retry')}
          loading={<StepLoading />}
          empty={
            debounced
              ? { title: t('order.address.noResults'), text: t('order.address.noResultsText'), icon: <StoreIcon className="size-5" /> }
              : { title: t('order.address.emptyTitle'), text: t('order.address.empty'), icon: <StoreIcon className="size-5" /> }
          }
        >
          {(page) => (
            <div className={`transition-opacity ${isValidating ? 'opacity-60' : ''}`} aria-busy={isValidating || undefined}>
              {/* Phones: one card per address; from 768 px the table of SPEC 3 Address (display). One of them
                  rendered for the current width, not both with one hidden by CSS (ADR 145). */}
              {wide ? (
                <AddressTable items={page.items} current={current} onChoose={choose} />
              ) : (
                <AddressCards items={page.items} current={current} onChoose={choose} />
              )}
              <p className="border-t border-slate-200 px-5 py-3 text-xs text-slate-500">
                {t('order.address.count', { count: page.totalCount })}
              </p>
            </div>
          )}
        </ListState>
      </Card>
    </OrderPage>
  );
}

interface AddressListProps {
  items: readonly AddressRow[];
  /** The order's location so far: its row is marked and its button says so. */
  current: AddressRow | null;
  onChoose: (address: AddressRow) => void;
}

const isCurrentOf = (current: AddressRow | null, address: AddressRow) =>
  current?.storeId === address.storeId && current.storeType === address.storeType;

/** Phones: one card per address. */
function AddressCards({ items, current, onChoose }: AddressListProps) {
  const t = useT();
  return (
    <ul className="divide-y divide-slate-100" aria-label={t('order.address.listLabel')}>
      {items.map((address) => {
        const selectable = isSelectableAddress(address);
        const isCurrent = isCurrentOf(current, address);
        return (
          <li key={`${address.storeType}-${address.storeId}`} className={isCurrent ? 'bg-brand-50' : ''}>
            <div className="flex items-start gap-3 px-4 py-3.5">
              <div className="min-w-0 flex-1">
                <p className={`font-medium ${selectable ? 'text-slate-900' : 'text-slate-500'}`}>{address.name}</p>
                <p className="text-sm text-slate-600">{address.street}</p>
                <p className="text-sm text-slate-600">
                  {address.postalCode} {address.city}
                </p>
                {address.customerStoreId ? (
                  <p className="mt-0.5 text-xs text-slate-500">
                    {t('order.address.customerStoreId')}: {address.customerStoreId}
                  </p>
                ) : null}
                {!selectable ? (
                  <p className="mt-1.5 text-xs text-slate-600">
                    <Badge theme={statusTheme[address.status]} className="mr-1.5">
                      {statusLabel(t, address)}
                    </Badge>
                    {t('order.address.notSelectable', { status: statusLabel(t, address) })}
                  </p>
                ) : null}
              </div>
              {selectable ? (
                <Button theme={isCurrent ? 'primary' : 'secondary'} onClick={() => onChoose(address)} className="shrink-0">
                  {isCurrent ? t('order.address.current') : t('order.address.choose')}
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** From 768 px: the table of SPEC 3 Address (display). */
function AddressTable({ items, current, onChoose }: AddressListProps) {
  const t = useT();
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm" aria-label={t('order.address.listLabel')}>
        <AddressTableHead />
        <tbody className="divide-y divide-slate-100">
          {items.map((address) => {
            const selectable = isSelectableAddress(address);
            const isCurrent = isCurrentOf(current, address);
            const reason = selectable ? undefined : t('order.address.notSelectable', { status: statusLabel(t, address) });
            return (
              <tr
                key={`${address.storeType}-${address.storeId}`}
                className={isCurrent ? 'bg-brand-50' : selectable ? 'hover:bg-slate-50' : 'bg-slate-50/60 text-slate-500'}
              >
                <th scope="row" className={`px-5 py-3 text-left font-medium ${selectable ? 'text-slate-900' : 'text-slate-500'}`}>
                  {address.name}
                </th>
                <td className="px-3 py-3">{address.street}</td>
                <td className="px-3 py-3 tabular-nums">{address.postalCode}</td>
                <td className="px-3 py-3">{address.city}</td>
                <td className="px-3 py-3 tabular-nums">{address.customerStoreId ?? t('order.none')}</td>
                <td className="px-3 py-3">
                  <Badge theme={statusTheme[address.status]} {...(reason ? { title: reason } : {})}>
                    {statusLabel(t, address)}
                  </Badge>
                  {reason ? <span className="sr-only"> {reason}</span> : null}
                </td>
                <td className="px-5 py-2 text-right">
                  {selectable ? (
                    <Button theme={isCurrent ? 'primary' : 'secondary'} onClick={() => onChoose(address)}>
                      {isCurrent ? t('order.address.current') : t('order.address.choose')}
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The columns of SPEC 3 Address (display). */
function AddressTableHead() {
  const t = useT();
  return (
    <TableHead
      columns={[
        { label: t('order.address.name'), className: 'px-5 py-3' },
        { label: t('order.address.street'), className: 'px-3 py-3' },
        { label: t('order.address.postalCode'), className: 'px-3 py-3' },
        { label: t('order.address.city'), className: 'px-3 py-3' },
        { label: t('order.address.customerStoreId'), className: 'px-3 py-3' },
        { label: t('order.address.status'), className: 'px-3 py-3' },
        { label: t('order.address.choose'), className: 'px-5 py-3', srOnly: true },
      ]}
    />
  );
}
