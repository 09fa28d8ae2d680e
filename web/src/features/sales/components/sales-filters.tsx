import type { AddressRow } from '@portal/core/ordering';
import { DateRangeField, presetOptions } from '../../../components/ui/date-range-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { addressOptions } from '../../../lib/address-options.ts';
import {
  SALES_GROUP_BY,
  SALES_MAX_RANGE_DAYS,
  SALES_PRESETS,
  type SalesFilter,
  type SalesGroupBy,
  salesFilterProblems,
  withSalesPreset,
} from '../model/sales-filter.ts';

const isGroupBy = (v: string): v is SalesGroupBy => SALES_GROUP_BY.some((g) => g === v);
const PRESETS = ['last28', ...SALES_PRESETS] as const;

/**
 * The filters every Sales header shares (SPEC 3 Sales request): EAN, dates with presets (default: the 28
 * days ending yesterday), store of the chosen retailer, and group by.
 */
export function SalesFilters({
  filter,
  onChange,
  stores,
  today,
  showGroupBy,
  showEan = true,
}: {
  filter: SalesFilter;
  onChange: (filter: SalesFilter) => void;
  /** undefined while loading or when the stores may not be listed: then only 'All stores'. */
  stores: readonly AddressRow[] | undefined;
  today: () => string;
  showGroupBy: boolean;
  /** The EAN narrows sales only; the Orders header leaves it out. */
  showEan?: boolean;
}) {
  const t = useT();
  const problems = salesFilterProblems(filter);
  const presets = presetOptions(PRESETS, filter.preset, (p) => t(`sales.presets.${p}`));
  const sortedStores = [...(stores ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const storeOptions = addressOptions(sortedStores, filter.storeId, {
    all: t('sales.filters.allStores'),
    deleted: t('sales.filters.deletedStore'),
  });

  return (
    <div className="space-y-4">
      <DateRangeField
        presets={presets}
        preset={filter.preset}
        onPresetChange={(preset) => onChange(withSalesPreset(filter, preset, today()))}
        value={{ from: filter.startDate, to: filter.endDate }}
        onChange={({ from, to }) => onChange({ ...filter, preset: 'custom', startDate: from, endDate: to })}
        error={
          problems.range ? t(`sales.errors.${problems.range}`, { days: SALES_MAX_RANGE_DAYS, count: SALES_MAX_RANGE_DAYS }) : undefined
        }
      />
      <div className={`grid gap-3 ${showGroupBy && showEan ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {showEan ? (
          <TextField
            label={t('sales.filters.ean')}
            value={filter.ean}
            onValueChange={(ean) => onChange({ ...filter, ean: ean.replace(/\s+/g, '') })}
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            placeholder={t('sales.filters.eanPlaceholder')}
            error={problems.ean ? t('sales.errors.eanInvalid') : undefined}
          />
        ) : null}
        <SelectField
          label={t('sales.filters.store')}
          value={filter.storeId}
          options={storeOptions}
          onValueChange={(storeId) => onChange({ ...filter, storeId })}
        />
        {showGroupBy ? (
          <SelectField
            label={t('sales.filters.groupBy')}
            value={filter.groupBy}
            options={SALES_GROUP_BY.map((g) => ({ value: g, label: t(`sales.groupBy.${g}`) }))}
            onValueChange={(groupBy) => {
              if (isGroupBy(groupBy)) onChange({ ...filter, groupBy });
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
