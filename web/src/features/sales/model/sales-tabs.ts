/** The Sales headers (SPEC 2): Orders, Sales statistic, Transactions, Notes; Sales statistic by default. */
export const SALES_TABS = ['orders', 'statistic', 'transactions', 'notes'] as const;
export type SalesTab = (typeof SALES_TABS)[number];
export const DEFAULT_SALES_TAB: SalesTab = 'statistic';

/** The tab named in the address (`?tab=`), if it is one that is offered; else the default. */
export function tabFromParam(value: string | null, offered: readonly SalesTab[]): SalesTab {
  return offered.find((tab) => tab === value) ?? DEFAULT_SALES_TAB;
}
