import { DATE_PRESETS } from '@portal/core/shared';
import type { AddressRow, StoreType } from '@portal/core/ordering';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { DateRangeField, presetOptions } from '../../../components/ui/date-range-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { addressOptions } from '../../../lib/address-options.ts';
import { type OrdersFilter, type RangeProblem, storeOptions, withPreset } from '../model/orders-filter.ts';

/**
 * The orders list's filters (SPEC 3): dates with presets, the address (store or distribution centre, by
 * the showStoreList setting), the store type (read-only: it follows that setting), and 'deleted'.
 */
export function OrdersFilters({
  filter,
  onChange,
  addresses,
  addressesLoading,
  today,
  rangeProblem,
}: {
  filter: OrdersFilter;
  onChange: (filter: OrdersFilter) => void;
  addresses: readonly AddressRow[] | undefined;
  addressesLoading: boolean;
  today: () => string;
  rangeProblem: RangeProblem;
}) {
  const t = useT();
  const stores = storeOptions(addresses ?? [], filter.deleted);
  const typeName = (type: StoreType) => (type === 0 ? t('orders.filters.typeStore') : t('orders.filters.typeDc'));
  const presets = presetOptions(DATE_PRESETS, filter.preset, (p) => t(`orders.presets.${p}`));
  const storeOptionsList = addressOptions(stores, filter.storeId, {
    all: filter.storeType === 0 ? t('orders.filters.allStores') : t('orders.filters.allDcs'),
    deleted: t('orders.filters.deletedAddress'),
  });

  return (
    <div className="space-y-4">
      <DateRangeField
        presets={presets}
        preset={filter.preset}
        onPresetChange={(preset) => onChange(withPreset(filter, preset, today()))}
        value={{ from: filter.startDate, to: filter.endDate }}
        onChange={({ from, to }) => onChange({ ...filter, preset: 'custom', startDate: from, endDate: to })}
        error={rangeProblem ? t(`orders.errors.${rangeProblem}`) : undefined}
      />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-start">
        <SelectField
          label={filter.storeType === 0 ? t('orders.filters.store') : t('orders.filters.dc')}
          value={filter.storeId}
          options={storeOptionsList}
          onValueChange={(storeId) => onChange({ ...filter, storeId })}
          disabled={addressesLoading && !addresses}
        />
        <div className="space-y-1.5">
          <p className="block text-sm font-medium text-slate-700">{t('orders.filters.storeType')}</p>
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm text-slate-700">{typeName(filter.storeType)}</p>
        </div>
      </div>
      <CheckboxField
        label={t('orders.filters.deleted')}
        helperText={t('orders.filters.deletedHint')}
        checked={filter.deleted}
        onCheckedChange={(deleted) => onChange({ ...filter, deleted })}
      />
    </div>
  );
}
