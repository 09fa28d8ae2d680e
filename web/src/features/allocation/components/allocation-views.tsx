import type { AllocationHistory, AllocationOverview } from '@portal/core/product';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatCalendarDay, useUserFormat } from '../../../lib/user-format.ts';
import { useAllocationHistory, useProductAllocation, useStoreAllocation } from '../api/allocation.ts';
import { ChangeSummary } from './change-row.tsx';

const panel = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5';
const namesOf = (overview: AllocationOverview) => new Map(overview.products.map((p) => [p.productId, p.name]));

/** The section's load states in its words: every panel of the screen says the same. */
export function loadTexts(t: ReturnType<typeof useT>) {
  return { failedMessage: t('allocation.loadFailed'), retryLabel: t('allocation.retry'), loadingLabel: t('allocation.loading') };
}

/** Decided changes, newest first (a product's, or a store's with its division's and the customer's). */
function HistoryList({
  customerId,
  of,
  names,
}: {
  customerId: string;
  of: { productId: string } | { storeId: string };
  names: ReadonlyMap<string, string>;
}) {
  const t = useT();
  const history = useAllocationHistory(customerId, of);
  return (
    <section className={panel} aria-labelledby="allocation-history">
      <h2 id="allocation-history" className="mb-3 text-base font-semibold text-slate-900">
        {t('allocation.history')}
      </h2>
      <QueryState
        result={history}
        {...loadTexts(t)}
        isEmpty={(d: AllocationHistory) => d.items.length === 0}
        empty={{ title: t('allocation.history'), text: t('allocation.noHistory') }}
      >
        {(data) => (
          <ul className="divide-y divide-slate-100">
            {data.items.map((c) => (
              <li key={`${c.changeId}-${c.status}`} className="py-2">
                <ChangeSummary change={c} names={names} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

/** Per store: what it may sell today and where each product comes from. */
export function StoreView({ overview }: { overview: AllocationOverview }) {
  const t = useT();
  const format = useUserFormat();
  const [storeId, setStoreId] = useState(overview.stores[0]?.storeId ?? '');
  const view = useStoreAllocation(overview.customerId, storeId || null);
  return (
    <div className="space-y-4">
      <SelectField
        label={t('allocation.store')}
        value={storeId}
        options={[
          { value: '', label: t('allocation.chooseStore') },
          ...overview.stores.map((s) => ({ value: s.storeId, label: `${s.name} (${s.storeId})` })),
        ]}
        onValueChange={setStoreId}
      />
      {storeId ? (
        <>
          <section className={panel} aria-labelledby="allocation-store">
            <QueryState result={view} {...loadTexts(t)}>
              {(data) => (
                <>
                  <h2 id="allocation-store" className="mb-3 text-base font-semibold text-slate-900">
                    {t('allocation.allocatedToday', { today: formatCalendarDay(data.today, format.locale) })}
                  </h2>
                  {data.products.length === 0 ? (
                    <p className="text-sm text-slate-600">{t('allocation.noProducts')}</p>
                  ) : (
                    <ul className="divide-y divide-slate-100">
                      {data.products.map((p) => (
                        <li key={p.productId} className="flex items-center justify-between gap-3 py-2 text-sm">
                          <span className="min-w-0 text-slate-900">
                            {p.name} <span className="text-slate-500">({p.productId})</span>
                          </span>
                          <Badge theme={p.source === 'offer' ? 'gray' : 'blue'}>{t(`allocation.source.${p.source}`)}</Badge>
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )}
            </QueryState>
          </section>
          <HistoryList customerId={overview.customerId} of={{ storeId }} names={namesOf(overview)} />
        </>
      ) : null}
    </div>
  );
}

/** Per product: the customer level and the divisions and stores that differ from it. */
export function ProductView({ overview }: { overview: AllocationOverview }) {
  const t = useT();
  const [productId, setProductId] = useState(overview.products[0]?.productId ?? '');
  const view = useProductAllocation(overview.customerId, productId || null);
  const divisionName = new Map(overview.divisions.map((d) => [d.divisionId, `${d.name} (${d.divisionId})`]));
  const storeName = new Map(overview.stores.map((s) => [s.storeId, `${s.name} (${s.storeId})`]));
  const state = (allocated: boolean) => (
    <Badge theme={allocated ? 'green' : 'gray'}>{allocated ? t('allocation.allocated') : t('allocation.notAllocated')}</Badge>
  );
  return (
    <div className="space-y-4">
      <SelectField
        label={t('allocation.product')}
        value={productId}
        options={[
          { value: '', label: t('allocation.chooseProduct') },
          ...overview.products.map((p) => ({ value: p.productId, label: p.name })),
        ]}
        onValueChange={setProductId}
      />
      {productId ? (
        <>
          <section className={panel} aria-labelledby="allocation-product">
            <QueryState result={view} {...loadTexts(t)}>
              {(data) => (
                <div className="space-y-3 text-sm">
                  <h2 id="allocation-product" className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
                    {t('allocation.atCustomer')} {state(data.customer)}
                  </h2>
                  <h3 className="font-medium text-slate-700">{t('allocation.overrides')}</h3>
                  {data.divisions.length + data.stores.length === 0 ? (
                    <p className="text-slate-600">{t('allocation.noOverrides')}</p>
                  ) : (
                    <ul className="divide-y divide-slate-100">
                      {[
                        ...data.divisions.map((d) => ({ ...d, label: t('allocation.division', { id: divisionName.get(d.id) ?? d.id }) })),
                        ...data.stores.map((s) => ({ ...s, label: t('allocation.storeId', { id: storeName.get(s.id) ?? s.id }) })),
                      ].map((row) => (
                        <li key={row.label} className="flex items-center justify-between gap-3 py-2">
                          <span className="text-slate-900">{row.label}</span>
                          {state(row.allocated)}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </QueryState>
          </section>
          <HistoryList customerId={overview.customerId} of={{ productId }} names={namesOf(overview)} />
        </>
      ) : null}
    </div>
  );
}
