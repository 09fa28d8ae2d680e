import { type MasterData } from '@portal/core/masterdata';
import { type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DateRangeField } from '../../../components/ui/date-range-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { type FilterField, optionalFilterCount, type TransactionDraft, withField, withPreset } from '../model/transaction-filter.ts';
import { filterOptions } from './filter-options.ts';
import { OptionalFilters } from './optional-filters.tsx';
import { type ShownProblems, useFilterTexts } from './use-filter-texts.ts';

/**
 * The filter form (SPEC 3 Transaction filter fields + the customer): customer and transaction date with
 * the presets always in view; the optional filters under a toggle on phones (OptionalFilters). Nothing is
 * asked until Search: typed filters are not sent per key.
 */
export function TransactionFilters({
  draft,
  onChange,
  onSearch,
  onClear,
  shown,
  customers,
  types,
  today,
  busy,
}: {
  draft: TransactionDraft;
  onChange: (draft: TransactionDraft) => void;
  onSearch: (event: FormEvent) => void;
  onClear: () => void;
  shown: ShownProblems | null;
  customers: MasterData['customers'] | undefined;
  types: MasterData['transactionTypes'] | undefined;
  today: () => string;
  busy: boolean;
}) {
  const t = useT();
  const { fieldError, rangeError } = useFilterTexts(shown);
  const set = (field: FilterField) => (value: string) => onChange(withField(draft, field, value));
  const options = filterOptions(t, draft, customers, types);
  const customerError = fieldError('customerId');

  return (
    <form onSubmit={onSearch} noValidate className="space-y-4" aria-label={t('transactions.filters.title')}>
      <div className="grid gap-3 lg:grid-cols-[minmax(12rem,1fr)_minmax(0,2.4fr)] lg:items-start">
        <div className="space-y-1.5">
          <SelectField
            label={t('transactions.filters.customer')}
            value={draft.customerId}
            options={options.customerOptions}
            onValueChange={set('customerId')}
            aria-invalid={customerError ? true : undefined}
          />
          {customerError ? <p className="text-sm text-red-700">{customerError}</p> : null}
        </div>
        <DateRangeField
          labels={{ preset: t('transactions.filters.period') }}
          presets={options.presetOptions}
          preset={draft.preset}
          onPresetChange={(preset) => onChange(withPreset(draft, preset, today()))}
          value={{ from: draft.startDate, to: draft.endDate }}
          onChange={({ from, to }) => onChange(withField(withField(draft, 'startDate', from), 'endDate', to))}
          error={rangeError}
        />
      </div>
      <OptionalFilters draft={draft} set={set} fieldError={fieldError} options={options} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button theme="text" onClick={onClear} disabled={optionalFilterCount(draft) === 0}>
          {t('transactions.filters.reset')}
        </Button>
        <Button type="submit" loading={busy}>
          {t('transactions.filters.search')}
        </Button>
      </div>
    </form>
  );
}
