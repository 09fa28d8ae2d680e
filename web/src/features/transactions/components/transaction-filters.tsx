import { TRANSACTION_MAX_RANGE_DAYS, TRANSACTION_RESULTS } from '@portal/core/transaction';
import { type MasterData } from '@portal/core/masterdata';
import { isOneOf } from '@portal/core/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DateRangeField } from '../../../components/ui/date-range-field.tsx';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import {
  type FilterField,
  type FilterProblems,
  optionalFilterCount,
  TRANSACTION_PRESETS,
  type TransactionDraft,
  withField,
  withPreset,
} from '../model/transaction-filter.ts';

/** The problems to show: by the form's rules once searched, or the server's field issues (already texts). */
export interface ShownProblems {
  problems: FilterProblems;
  /** The server's 400 issues per field, as texts (they win over nothing: the rules found no problem). */
  server: Partial<Record<FilterField, string>>;
}

/**
 * The filter form (SPEC 3 Transaction filter fields + the customer): customer and transaction date with
 * the presets always in view; type, result code, result, serial, terminal ID and EAN under a toggle on
 * phones (open from the sm breakpoint). Nothing is asked until Search: typed filters are not sent per key.
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
  const moreId = useId();
  const active = optionalFilterCount(draft);
  // Phones open the optional filters when some are set or wrong; otherwise they start folded.
  const [open, setOpen] = useState(active > 0);
  const fieldError = (field: FilterField): string | undefined => {
    if (!shown) return undefined;
    const problem = shown.problems.fields[field];
    if (problem === 'required')
      return field === 'customerId' ? t('transactions.problems.customerRequired') : t('transactions.problems.required');
    if (problem === 'invalidDate') return t('transactions.problems.invalidDate');
    if (problem === 'invalid') return t(`transactions.problems.${field as Exclude<FilterField, 'startDate' | 'endDate'>}`);
    return shown.server[field];
  };
  const rangeError = (() => {
    if (!shown) return undefined;
    const range = shown.problems.range;
    if (range === 'rangeTooLong') return t('transactions.problems.rangeTooLong', { days: TRANSACTION_MAX_RANGE_DAYS });
    if (range === 'endBeforeStart') return t('transactions.problems.endBeforeStart');
    return fieldError('startDate') ?? fieldError('endDate');
  })();
  const moreHasErrors = (['type', 'resultCode', 'result', 'serial', 'terminalId', 'ean'] as const).some((f) => fieldError(f));
  const set = (field: FilterField) => (value: string) => onChange(withField(draft, field, value));
  const customerOptions = [
    ...(customers && customers.length === 1 ? [] : [{ value: '', label: t('transactions.filters.chooseCustomer') }]),
    ...(customers ?? []).map((c) => ({ value: c.customerId, label: c.name })),
  ];
  // A customer from the URL that master data does not offer (yet) stays selectable until changed.
  if (draft.customerId && !customers?.some((c) => c.customerId === draft.customerId)) {
    customerOptions.push({ value: draft.customerId, label: draft.customerId });
  }
  const presetOptions = [
    ...TRANSACTION_PRESETS.map((p) => ({ value: p, label: t(`transactions.presets.${p}`) })),
    ...(draft.preset === 'custom' ? [{ value: 'custom', label: t('transactions.presets.custom') }] : []),
  ];
  const typeOptions = [
    { value: '', label: t('transactions.filters.allTypes') },
    ...(types ?? []).map((type) => ({ value: type.transactionTypeId, label: type.name })),
  ];
  if (draft.type && !types?.some((type) => type.transactionTypeId === draft.type))
    typeOptions.push({ value: draft.type, label: draft.type });
  const resultOptions = [
    { value: '', label: t('transactions.filters.allResults') },
    ...TRANSACTION_RESULTS.map((r) => ({ value: r, label: t(`transactions.results.${r}`) })),
  ];
  const customerError = fieldError('customerId');

  return (
    <form onSubmit={onSearch} noValidate className="space-y-4" aria-label={t('transactions.filters.title')}>
      <div className="grid gap-3 lg:grid-cols-[minmax(12rem,1fr)_minmax(0,2.4fr)] lg:items-start">
        <div className="space-y-1.5">
          <SelectField
            label={t('transactions.filters.customer')}
            value={draft.customerId}
            options={customerOptions}
            onValueChange={set('customerId')}
            aria-invalid={customerError ? true : undefined}
          />
          {customerError ? <p className="text-sm text-red-700">{customerError}</p> : null}
        </div>
        <DateRangeField
          labels={{
            legend: t('transactions.filters.period'),
            preset: t('transactions.filters.period'),
            start: t('transactions.filters.startDate'),
            end: t('transactions.filters.endDate'),
          }}
          presets={presetOptions}
          preset={draft.preset}
          onPresetChange={(value) => {
            if (isOneOf(TRANSACTION_PRESETS, value)) onChange(withPreset(draft, value, today()));
          }}
          startDate={draft.startDate}
          endDate={draft.endDate}
          onStartDateChange={set('startDate')}
          onEndDateChange={set('endDate')}
          error={rangeError}
        />
      </div>
      <button
        type="button"
        className="flex w-full items-center justify-between rounded-lg px-1 py-1.5 text-sm font-semibold text-slate-800 sm:hidden"
        aria-expanded={open || moreHasErrors}
        aria-controls={moreId}
        onClick={() => setOpen(!open)}
      >
        <span>
          {t('transactions.filters.toggle')}
          {active > 0 ? (
            <span className="ml-2 font-normal text-slate-500">{t('transactions.filters.activeCount', { count: active })}</span>
          ) : null}
        </span>
        <ChevronRightIcon className={`size-4 transition-transform ${open || moreHasErrors ? 'rotate-90' : ''}`} />
      </button>
      <div
        id={moreId}
        className={`${open || moreHasErrors ? 'grid' : 'hidden'} gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6`}
      >
        <SelectField label={t('transactions.filters.type')} value={draft.type} options={typeOptions} onValueChange={set('type')} />
        <SelectField label={t('transactions.filters.result')} value={draft.result} options={resultOptions} onValueChange={set('result')} />
        <TextField
          label={t('transactions.filters.resultCode')}
          value={draft.resultCode}
          onValueChange={set('resultCode')}
          error={fieldError('resultCode')}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label={t('transactions.filters.serial')}
          value={draft.serial}
          onValueChange={set('serial')}
          error={fieldError('serial')}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label={t('transactions.filters.terminalId')}
          value={draft.terminalId}
          onValueChange={set('terminalId')}
          error={fieldError('terminalId')}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label={t('transactions.filters.ean')}
          value={draft.ean}
          onValueChange={set('ean')}
          error={fieldError('ean')}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button theme="text" onClick={onClear} disabled={active === 0}>
          {t('transactions.filters.reset')}
        </Button>
        <Button type="submit" loading={busy}>
          {t('transactions.filters.search')}
        </Button>
      </div>
    </form>
  );
}
