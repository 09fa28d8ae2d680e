import { TRANSACTION_RESULTS } from '@portal/core/transaction';
import { type MasterData } from '@portal/core/masterdata';
import { type Translate } from '../../../i18n/index.ts';
import { presetOptions } from '../../../components/ui/date-range-field.tsx';
import { TRANSACTION_PRESETS, type TransactionDraft } from '../model/transaction-filter.ts';
import { typeName } from '../model/transaction-format.ts';

interface Option {
  value: string;
  label: string;
}

/** The select fields' options; a value from the URL that master data does not offer (yet) stays selectable until changed. */
export function filterOptions(
  t: Translate,
  draft: TransactionDraft,
  customers: MasterData['customers'] | undefined,
  types: MasterData['transactionTypes'] | undefined,
) {
  const customerOptions: Option[] = [
    ...(customers && customers.length === 1 ? [] : [{ value: '', label: t('transactions.filters.chooseCustomer') }]),
    ...(customers ?? []).map((c) => ({ value: c.customerId, label: c.name })),
  ];
  if (draft.customerId && !customers?.some((c) => c.customerId === draft.customerId)) {
    customerOptions.push({ value: draft.customerId, label: draft.customerId });
  }
  const presets = presetOptions(TRANSACTION_PRESETS, draft.preset, (p) => t(`transactions.presets.${p}`));
  const typeOptions: Option[] = [
    { value: '', label: t('transactions.filters.allTypes') },
    ...(types ?? []).map((type) => ({ value: type.transactionTypeId, label: typeName(type.transactionTypeId, types) })),
  ];
  if (draft.type && !types?.some((type) => type.transactionTypeId === draft.type))
    typeOptions.push({ value: draft.type, label: draft.type });
  const resultOptions: Option[] = [
    { value: '', label: t('transactions.filters.allResults') },
    ...TRANSACTION_RESULTS.map((r) => ({ value: r, label: t(`transactions.results.${r}`) })),
  ];
  return { customerOptions, presetOptions: presets, typeOptions, resultOptions };
}
