import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { preferredCustomer, useCustomerMemory } from '../../../lib/customer-memory.ts';
import { paths } from '../../../lib/paths.ts';
import { createCustomReport } from '../api/report-calls.ts';
import { useMasterData } from '../api/reports.ts';
import { DefinitionForm } from '../components/definition-form.tsx';
import { useDraftForm } from '../components/use-draft-form.ts';
import { draftProblems, newReportDraft, type ReportDraft, reportInput } from '../model/report-draft.ts';
import { BackLink, listPath, SaveOutcome, Section } from '../components/report-card.tsx';

/**
 * /connect/reports/new (ADR 044; "New report"): a custom report's definition for the customer in
 * the URL; saved, it opens the report's page for its schedule and recipients. A module of its own, loaded when
 * this route renders: a report's page does not download the customer choice and its remembered customer
 * (ADR 144). The route table loads it directly, not through the page's module, and the parts it shares with the page
 * (the definition form, the back link, the card) are modules of their own (the `report-form` chunk group), so the form
 * does not download the page's schedule form, time-zone picker and lower panels (ADR 154).
 */
export function NewReportRoute() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const masterData = useMasterData();
  const types = masterData.data?.transactionTypes;
  const customers = masterData.data?.customers ?? [];
  // A deep link works without ?customer= (ADR 053): the only customer, else the one chosen last
  // (lib/customer-memory.ts); else the user chooses here.
  const { remembered, remember } = useCustomerMemory();
  const customerId = params.get('customer') || (preferredCustomer(customers, remembered, (c) => c.customerId)?.customerId ?? '');
  const chooseCustomer = (customer: string) => {
    remember(customer);
    const next = new URLSearchParams(params);
    next.set('customer', customer);
    setParams(next, { replace: true });
  };
  const customerOptions = [
    ...(customerId ? [] : [{ value: '', label: t('reportPage.definition.chooseCustomer') }]),
    ...customers.map((c) => ({ value: c.customerId, label: c.name })),
  ];
  if (customerId && !customers.some((c) => c.customerId === customerId)) customerOptions.push({ value: customerId, label: customerId });
  const [attemptKey, setAttemptKey] = useState<string | null>(null);
  const { fields, failure } = useDraftForm<ReportDraft>({
    initial: newReportDraft,
    problemsOf: (d) => draftProblems(d, customerId),
    canSave: Boolean(customerId),
    save: async (d) => {
      // The key's generator loads with the first save: a report's page does not create (ADR 141).
      const key = attemptKey ?? (await import('../../../lib/idempotency-key.ts')).generateIdempotencyKey();
      setAttemptKey(key);
      const report = await createCustomReport(reportInput(d, customerId), key);
      navigate(paths.connect.report(report.processId), { replace: true });
    },
  });
  return (
    <div>
      <BackLink to={listPath(customerId, 'custom')} />
      <PageHeader title={t('reports.newReport')} description={t('reportPage.definition.newDescription')} />
      <Section title={t('reportPage.definition.title')}>
        <SaveOutcome failure={failure} />
        {masterData.data && customers.length !== 1 ? (
          <div className="mb-4 max-w-sm">
            <SelectField
              label={t('reports.customer')}
              value={customerId}
              options={customerOptions}
              onValueChange={chooseCustomer}
              disabled={customers.length === 0}
            />
          </div>
        ) : null}
        {masterData.data && !customerId ? (
          <Alert theme="orange" className="mb-4">
            {t('reportPage.definition.noCustomer')}
          </Alert>
        ) : null}
        <DefinitionForm {...fields} types={types} submitLabel={t('reportPage.definition.create')} />
      </Section>
    </div>
  );
}
