import type { ReportFilter } from '@portal/core/report';
import { CONNECT_SALES_CUSTOMER_TYPES } from '@portal/core/sales';
import { isOneOf } from '@portal/core/shared';
import { TRANSACTION_RESULTS } from '@portal/core/transaction';
import { useT } from '../../../i18n/index.ts';
import { useMasterData } from '../api/reports.ts';
import { REPORT_GROUP_BY } from '../model/report-draft.ts';
import { filterEntries } from '../model/report-format.ts';

/** A report's custom filters in words: "Result: Declined · Transaction type: Sale" (master data names); "None" without any. */
export function useFilterText() {
  const t = useT();
  const types = useMasterData().data?.transactionTypes;
  const value = (key: keyof ReportFilter, v: string) => {
    if (key === 'result' && isOneOf(TRANSACTION_RESULTS, v)) return t(`reports.results.${v}`);
    if (key === 'groupBy' && isOneOf(REPORT_GROUP_BY, v)) return t(`reports.groupBy.${v}`);
    if (key === 'customerType' && isOneOf(CONNECT_SALES_CUSTOMER_TYPES, v)) return t(`reports.customerTypes.${v}`);
    if (key === 'type') return types?.find((type) => type.transactionTypeId === v)?.name ?? v;
    return v;
  };
  return (filter: ReportFilter) => {
    const entries = filterEntries(filter);
    return entries.length
      ? entries.map(([k, v]) => `${t(`reports.filter.${k}`)}: ${value(k, v)}`).join(' · ')
      : t('reports.list.noFilters');
  };
}
