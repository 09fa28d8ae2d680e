import { TRANSACTION_MAX_RANGE_DAYS } from '@portal/core/transaction';
import { type Translate, useT } from '../../../i18n/index.ts';
import { type FilterField, type FilterProblems } from '../model/transaction-filter.ts';

/** The problems to show: by the form's rules once searched, or the server's field issues (already texts). */
export interface ShownProblems {
  problems: FilterProblems;
  /** The server's 400 issues per field, as texts (they win over nothing: the rules found no problem). */
  server: Partial<Record<FilterField, string>>;
}

/** The fields whose own rule can fail ('invalid'); the dates fail as 'invalidDate' or by the range. */
type RuleField = Exclude<FilterField, 'startDate' | 'endDate'>;
const isRuleField = (field: FilterField): field is RuleField => field !== 'startDate' && field !== 'endDate';

function fieldText(t: Translate, shown: ShownProblems, field: FilterField): string | undefined {
  const problem = shown.problems.fields[field];
  if (problem === 'required')
    return field === 'customerId' ? t('transactions.problems.customerRequired') : t('transactions.problems.required');
  if (problem === 'invalidDate') return t('transactions.problems.invalidDate');
  if (problem === 'invalid' && isRuleField(field)) return t(`transactions.problems.${field}`);
  return shown.server[field];
}

/** The texts of the shown problems: a field's, and the date range's (its own rule, else a date's). */
export function useFilterTexts(shown: ShownProblems | null) {
  const t = useT();
  const fieldError = (field: FilterField): string | undefined => (shown ? fieldText(t, shown, field) : undefined);
  const rangeError = (() => {
    if (!shown) return undefined;
    const range = shown.problems.range;
    if (range === 'rangeTooLong') return t('transactions.problems.rangeTooLong', { count: TRANSACTION_MAX_RANGE_DAYS });
    if (range === 'endBeforeStart') return t('transactions.problems.endBeforeStart');
    return fieldError('startDate') ?? fieldError('endDate');
  })();
  return { fieldError, rangeError };
}
