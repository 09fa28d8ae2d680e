import { Suspense, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card, FullPageSpinner, PageHeader } from '../../../components/ui/card.tsx';
import { DocumentIcon } from '../../../components/ui/icons.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { tabIds, Tabs } from '../../../components/ui/tabs.tsx';
import { useT } from '../../../i18n/index.ts';
import { preferredCustomer, useCustomerMemory } from '../../../lib/customer-memory.ts';
import { paths } from '../../../lib/paths.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { type ReportKind, useMasterData, useReports } from '../api/reports.ts';
import { ReportList } from '../components/report-list.tsx';
import { ReportQuery } from '../components/report-query.tsx';
import { lazyPart } from '../../../lib/lazy-part.ts';

export const REPORT_TABS = ['general', 'custom', 'files'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];
const tabOf = (value: string | null): ReportTab => REPORT_TABS.find((tab) => tab === value) ?? 'general';
// The files tab (its table, the presigned downloads) loads when first shown: the list's first view, the
// general reports, does not download it (ADR 128).
const ReportFiles = lazyPart(() => import('../components/report-files.tsx'), 'ReportFiles');

/**
 * /connect/reports (ADR 044): the customer picker the other connect sections use, then three tabs
 * in the URL (?tab=general|custom|files, default "General reports"): the brand's general reports, the
 * customer's custom reports with "New report", and the files the runs produced.
 */
export function ReportsRoute({ mayEdit }: { mayEdit: boolean }) {
  const t = useT();
  const masterData = useMasterData();
  const customers = masterData.data?.customers ?? [];
  // Without a customer in the URL: the only one or the one the user chose last (lib/customer-memory.ts),
  // else the first listed; filled into the URL once known (ADR 057).
  const { remembered, remember } = useCustomerMemory();
  const startCustomer = (preferredCustomer(customers, remembered, (c) => c.customerId) ?? customers[0])?.customerId;
  const [params, write] = useUrlState({ defaults: { customer: startCustomer } });
  const tab = tabOf(params.get('tab'));
  const customerId = params.get('customer') ?? '';
  const update = (next: { tab?: ReportTab; customer?: string }) =>
    write({ ...(next.tab ? { tab: next.tab } : {}), ...(next.customer !== undefined ? { customer: next.customer } : {}) });
  const listed = customers.some((c) => c.customerId === customerId);
  useEffect(() => {
    if (listed) remember(customerId);
  }, [listed, customerId, remember]);
  const ids = tabIds('reports', tab);
  const options = customers.length
    ? customers.map((c) => ({ value: c.customerId, label: c.name }))
    : [{ value: '', label: t('reports.noCustomers') }];
  if (customerId && !customers.some((c) => c.customerId === customerId)) options.push({ value: customerId, label: customerId });

  return (
    <div>
      <PageHeader
        title={t('reports.title')}
        description={t('reports.description')}
        actions={
          tab === 'custom' && mayEdit && customerId ? (
            <Link to={`${paths.connect.newReport}?customer=${encodeURIComponent(customerId)}`} className={buttonClasses('primary')}>
              {t('reports.newReport')}
            </Link>
          ) : null
        }
      />
      <div className="space-y-6">
        <Card className="p-4 sm:p-5">
          <div className="max-w-md">
            <SelectField
              label={t('reports.customer')}
              value={customerId}
              options={options}
              onValueChange={(customer) => update({ customer })}
              disabled={customers.length === 0}
            />
          </div>
        </Card>
        <Tabs
          tabs={REPORT_TABS.map((id) => ({ id, label: t(`reports.tabs.${id}`) }))}
          value={tab}
          onChange={(next: ReportTab) => update({ tab: next })}
          label={t('reports.tabs.label')}
          idPrefix="reports"
        />
        <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} tabIndex={0} className="focus:outline-none">
          {tab === 'files' ? (
            <Suspense fallback={<FullPageSpinner label={t('reports.loading')} />}>
              <ReportFiles customerId={customerId} />
            </Suspense>
          ) : (
            <ReportsTab kind={tab} customerId={customerId} />
          )}
        </div>
      </div>
    </div>
  );
}

function ReportsTab({ kind, customerId }: { kind: ReportKind; customerId: string }) {
  const t = useT();
  const reports = useReports(customerId, kind);
  return (
    <ReportQuery
      result={reports}
      idle={!customerId}
      failedMessage={t('reports.list.loadFailed')}
      isEmpty={(data) => data.reports.length === 0}
      empty={{ icon: <DocumentIcon className="size-6" />, title: t('reports.list.empty.title'), text: t(`reports.list.empty.${kind}`) }}
    >
      {(data) => <ReportList reports={data.reports} busy={reports.isValidating} />}
    </ReportQuery>
  );
}
