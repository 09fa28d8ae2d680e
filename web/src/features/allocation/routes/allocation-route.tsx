import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Tabs, tabIds } from '../../../components/ui/tabs.tsx';
import { useT } from '../../../i18n/index.ts';
import { preferredCustomer, useCustomerMemory } from '../../../lib/customer-memory.ts';
import { useAllocationCustomers, useAllocationOverview } from '../api/allocation.ts';
import { loadTexts, ProductView, StoreView } from '../components/allocation-views.tsx';
import { ChangeDialog } from '../components/change-dialog.tsx';
import { ChangesPanel } from '../components/changes-panel.tsx';

type View = 'store' | 'product' | 'changes';
const VIEWS: readonly View[] = ['store', 'product', 'changes'];

/**
 * /connect/product-allocation (SPEC 1, 2; ADR 087): a retailer's allocation per store and per product, the
 * open changes with approve/reject for approvers, the change dialog, and the histories.
 */
export function AllocationRoute() {
  const t = useT();
  const customers = useAllocationCustomers();
  const retailers = customers.data?.items ?? [];
  const { remembered, remember } = useCustomerMemory();
  const [picked, setPicked] = useState('');
  const fallback =
    preferredCustomer(
      retailers.map((r) => ({ value: r.customerId })),
      remembered,
      (o) => o.value,
    )?.value ??
    retailers[0]?.customerId ??
    '';
  const customerId = picked || fallback;
  useEffect(() => {
    if (customerId) remember(customerId);
  }, [customerId, remember]);
  const overview = useAllocationOverview(customerId || null);
  const [view, setView] = useState<View>('store');
  const [dialog, setDialog] = useState(false);
  const [filed, setFiled] = useState(false);
  const ids = tabIds('allocation', view);
  const tabs = VIEWS.map((id) => ({ id, label: t(`allocation.tabs.${id}`) }));
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t('allocation.title')}
        description={t('allocation.intro')}
        actions={overview.data?.mayRequest ? <Button onClick={() => setDialog(true)}>{t('allocation.newChange')}</Button> : undefined}
      />
      <div className="space-y-4">
        <SelectField
          label={t('allocation.customer')}
          value={customerId}
          options={
            retailers.length
              ? retailers.map((r) => ({ value: r.customerId, label: `${r.name} (${r.customerId})` }))
              : [{ value: '', label: t('allocation.noCustomers') }]
          }
          onValueChange={setPicked}
          disabled={retailers.length === 0}
        />
        {filed ? (
          <Alert theme="green" role="status">
            {t('allocation.filed')}
          </Alert>
        ) : null}
        {/* Below sm (640 px) a select: the tab row would scroll sideways there in German and French. */}
        <div className="sm:hidden">
          <SelectField
            label={t('allocation.tabs.label')}
            value={view}
            options={tabs.map((tab) => ({ value: tab.id, label: tab.label }))}
            onValueChange={setView}
          />
        </div>
        <div className="hidden sm:block">
          <Tabs tabs={tabs} value={view} onChange={setView} label={t('allocation.tabs.label')} idPrefix="allocation" />
        </div>
        <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab}>
          <QueryState result={overview} idle={!customerId} {...loadTexts(t)}>
            {(data) => (
              <>
                {view === 'store' ? <StoreView key={data.customerId} overview={data} /> : null}
                {view === 'product' ? <ProductView key={data.customerId} overview={data} /> : null}
                {view === 'changes' ? <ChangesPanel overview={data} /> : null}
                {dialog ? (
                  <ChangeDialog
                    overview={data}
                    onClose={() => setDialog(false)}
                    onFiled={() => {
                      setDialog(false);
                      setFiled(true);
                      setView('changes');
                    }}
                  />
                ) : null}
              </>
            )}
          </QueryState>
        </div>
      </div>
    </div>
  );
}
