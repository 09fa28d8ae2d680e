import { TRANSACTION_RESULTS } from '@portal/core/transaction';
import { type MasterData } from '@portal/core/masterdata';
import { EXPORT_FORMATS } from '@portal/core/export';
import { CONNECT_SALES_CUSTOMER_TYPES } from '@portal/core/sales';
import { REPORT_COLUMNS, REPORT_FILTER_FIELDS, REPORT_TYPES, type Report, type ReportColumn } from '@portal/core/report';
import { isOneOf } from '@portal/core/shared';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { useFilterText } from './filter-text.ts';
import { type FilterKey, REPORT_GROUP_BY, type ReportDraft, withColumn, withReportType } from '../model/report-draft.ts';

/**
 * A custom report's definition (ADR 044): name, report type, the type's filter fields (the
 * transaction filter's for transaction reports), columns as checkboxes in the file's order, CSV or XLSX.
 * Problems show at their fields (`problems` by dotted path: the form's own checks, then the server's).
 */
export function DefinitionForm({
  draft,
  onChange,
  onSubmit,
  problems,
  types,
  busy,
  submitLabel,
  readOnly = false,
  footer,
}: {
  draft: ReportDraft;
  onChange: (draft: ReportDraft) => void;
  onSubmit: (event: FormEvent) => void;
  problems: Record<string, string>;
  types: MasterData['transactionTypes'] | undefined;
  busy: boolean;
  submitLabel: string;
  readOnly?: boolean;
  footer?: ReactNode;
}) {
  const t = useT();
  const fields: readonly FilterKey[] = REPORT_FILTER_FIELDS[draft.reportType];
  const setFilter = (key: FilterKey) => (value: string) => onChange({ ...draft, filter: { ...draft.filter, [key]: value } });
  const all = <V extends string>(values: readonly V[], label: (v: V) => string, anyLabel: string) => [
    { value: '', label: anyLabel },
    ...values.map((v) => ({ value: v, label: label(v) })),
  ];
  const filterField = (key: FilterKey) => {
    const value = draft.filter[key] ?? '';
    const common = { key, label: t(`reports.filter.${key}`), value, onValueChange: setFilter(key), disabled: readOnly };
    switch (key) {
      case 'type': {
        const options = all(
          (types ?? []).map((x) => x.transactionTypeId),
          (id) => types?.find((x) => x.transactionTypeId === id)?.name ?? id,
          t('reports.filter.any'),
        );
        if (value && !options.some((o) => o.value === value)) options.push({ value, label: value });
        return <SelectField {...common} options={options} />;
      }
      case 'result':
        return <SelectField {...common} options={all(TRANSACTION_RESULTS, (r) => t(`reports.results.${r}`), t('reports.filter.any'))} />;
      case 'groupBy':
        return (
          <SelectField {...common} options={all(REPORT_GROUP_BY, (g) => t(`reports.groupBy.${g}`), t('reports.filter.defaultGroup'))} />
        );
      case 'customerType':
        return (
          <SelectField
            {...common}
            options={all(CONNECT_SALES_CUSTOMER_TYPES, (c) => t(`reports.customerTypes.${c}`), t('reports.filter.any'))}
          />
        );
      default:
        return (
          <TextField
            {...common}
            error={problems[`filter.${key}`]}
            autoComplete="off"
            spellCheck={false}
            {...(key === 'ean' ? { inputMode: 'numeric' as const } : {})}
          />
        );
    }
  };
  const allColumns: readonly ReportColumn[] = REPORT_COLUMNS[draft.reportType];

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('reportPage.definition.title')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('reportPage.definition.name')}
          value={draft.name}
          onValueChange={(name) => onChange({ ...draft, name })}
          error={problems.name}
          disabled={readOnly}
          maxLength={120}
        />
        <SelectField
          label={t('reportPage.definition.type')}
          value={draft.reportType}
          options={REPORT_TYPES.map((type) => ({ value: type, label: t(`reports.types.${type}`) }))}
          onValueChange={(type) => onChange(withReportType(draft, type))}
          disabled={readOnly}
        />
      </div>
      {fields.length ? (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">{t('reportPage.definition.filters')}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-[repeat(auto-fill,minmax(12rem,1fr))]">{fields.map(filterField)}</div>
          {problems.filter ? <p className="mt-1 text-sm text-red-700">{problems.filter}</p> : null}
        </fieldset>
      ) : null}
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">{t('reportPage.definition.columns')}</legend>
        <p className="text-xs text-slate-500">{t('reportPage.definition.columnsHelp')}</p>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))]">
          {allColumns.map((column) => (
            <CheckboxField
              key={column}
              label={t(`reportPage.columns.${column}`)}
              checked={draft.columns.includes(column)}
              onCheckedChange={(on) => !readOnly && onChange(withColumn(draft, column, on))}
            />
          ))}
        </div>
        {problems.columns ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {problems.columns}
          </p>
        ) : null}
      </fieldset>
      <div className="max-w-xs">
        <SelectField
          label={t('reportPage.definition.format')}
          value={draft.format}
          options={EXPORT_FORMATS.map((f) => ({ value: f, label: t(`reportPage.formats.${f}`) }))}
          onValueChange={(format) => onChange({ ...draft, format })}
          disabled={readOnly}
        />
      </div>
      {readOnly ? null : (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
          {footer}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}

/** A general report's definition, read-only: the brand decides it. */
export function GeneralDefinition({ report }: { report: Report }) {
  const t = useT();
  const filterText = useFilterText();
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-slate-500">{t('reportPage.definition.type')}</dt>
        <dd className="text-slate-900">{t(`reports.types.${report.reportType}`)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">{t('reportPage.definition.format')}</dt>
        <dd className="text-slate-900">{t(`reportPage.formats.${report.format}`)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">{t('reportPage.definition.filters')}</dt>
        <dd className="text-slate-900">{filterText(report.filter)}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-slate-500">{t('reportPage.definition.columns')}</dt>
        <dd className="text-slate-900">
          {report.columns.map((c) => (isOneOf(REPORT_COLUMNS[report.reportType], c) ? t(`reportPage.columns.${c}`) : c)).join(', ')}
        </dd>
      </div>
    </dl>
  );
}
