import type { ReportFilter } from '@portal/core/report';
import { useT } from '../../../i18n/index.ts';
import { useMasterData } from '../api/reports.ts';
import { filterEntries } from '../model/report-format.ts';

/** A report's custom filters in words: "Result: Declined · Transaction type: Sale" (master data names); "None" without any. */
export function useFilterText() {
  const t = useT();
  const types = useMasterData().data?.transactionTypes;
  const value = (key: keyof ReportFilter, v: string) => {
    if (key === 'result') return t(`reports.results.${v as 'approved'}`);
    if (key === 'groupBy') return t(`reports.groupBy.${v as 'day'}`);
    if (key === 'customerType') return t(`reports.customerTypes.${v as 'retailer'}`);
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
