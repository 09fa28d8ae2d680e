import { useId, useState } from 'react';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { type FilterField, optionalFilterCount, type TransactionDraft } from '../model/transaction-filter.ts';
import { type filterOptions } from './filter-options.ts';

/** The typed filters: codes and numbers, never spell-checked; the EAN brings up the digits keyboard. */
const TEXT_FIELDS = [
  { field: 'resultCode', spellCheck: false },
  { field: 'serial', spellCheck: false },
  { field: 'terminalId', spellCheck: false },
  { field: 'ean', inputMode: 'numeric' },
] as const satisfies readonly { field: FilterField; spellCheck?: false; inputMode?: 'numeric' }[];

/**
 * Type, result, result code, serial, terminal ID and EAN: under a toggle on phones (open from the sm
 * breakpoint), which starts open when some are set; a wrong one keeps them open.
 */
export function OptionalFilters({
  draft,
  set,
  fieldError,
  options,
}: {
  draft: TransactionDraft;
  set: (field: FilterField) => (value: string) => void;
  fieldError: (field: FilterField) => string | undefined;
  options: Pick<ReturnType<typeof filterOptions>, 'typeOptions' | 'resultOptions'>;
}) {
  const t = useT();
  const moreId = useId();
  const active = optionalFilterCount(draft);
  const [open, setOpen] = useState(active > 0);
  const shownOpen = open || (['type', 'result', ...TEXT_FIELDS.map(({ field }) => field)] as const).some((f) => fieldError(f));
  return (
    <>
      <button
        type="button"
        className="flex w-full items-center justify-between rounded-lg px-1 py-1.5 text-sm font-semibold text-slate-800 sm:hidden"
        aria-expanded={shownOpen}
        aria-controls={moreId}
        onClick={() => setOpen(!open)}
      >
        <span>
          {t('transactions.filters.toggle')}
          {active > 0 ? (
            <span className="ml-2 font-normal text-slate-500">{t('transactions.filters.activeCount', { count: active })}</span>
          ) : null}
        </span>
        <ChevronRightIcon className={`size-4 transition-transform ${shownOpen ? 'rotate-90' : ''}`} />
      </button>
      <div id={moreId} className={`${shownOpen ? 'grid' : 'hidden'} gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6`}>
        <SelectField label={t('transactions.filters.type')} value={draft.type} options={options.typeOptions} onValueChange={set('type')} />
        <SelectField
          label={t('transactions.filters.result')}
          value={draft.result}
          options={options.resultOptions}
          onValueChange={set('result')}
        />
        {TEXT_FIELDS.map(({ field, ...input }) => (
          <TextField
            key={field}
            label={t(`transactions.filters.${field}`)}
            value={draft[field]}
            onValueChange={set(field)}
            error={fieldError(field)}
            autoComplete="off"
            {...input}
          />
        ))}
      </div>
    </>
  );
}
