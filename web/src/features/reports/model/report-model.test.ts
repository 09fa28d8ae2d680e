import { describe, expect, it } from 'vitest';
import { draftOf, draftProblems, newReportDraft, reportInput, withColumn, withReportType } from './report-draft.ts';
import type { Translate } from '../../../i18n/index.ts';
import { periodText, reportingDaysText, rowCountText, runPeriodOf, runPeriodProblem } from './report-format.ts';
import { scheduleProblems, withDay } from './schedule-draft.ts';
import { scheduleBody } from '../../../../../tests/support/schedule-fixtures.ts';

describe('report draft', () => {
  it('keeps chosen columns in the type order whatever the click order', () => {
    let draft = withColumn(withColumn(newReportDraft('sales'), 'key', false), 'label', false);
    expect(draft.columns).toEqual(['customerStoreId', 'quantity', 'amount']);
    draft = withColumn(draft, 'key', true);
    expect(draft.columns).toEqual(['key', 'customerStoreId', 'quantity', 'amount']);
  });

  it("sends only the type's filter fields that are set, trimmed", () => {
    const draft = {
      ...newReportDraft('transactions'),
      name: 'X',
      filter: { result: 'declined', serial: ' 123 ', ean: '', groupBy: 'day' },
    };
    expect(reportInput(draft, 'P-1').filter).toEqual({ result: 'declined', serial: '123' });
    const sales = withReportType(draft, 'sales');
    expect(sales.name).toBe('X');
    expect(sales.filter).toEqual({});
    expect(sales.columns).toEqual(['key', 'label', 'customerStoreId', 'quantity', 'amount']);
  });

  it('finds problems by path with the contract, and none for a saved report', () => {
    const draft = { ...newReportDraft('transactions'), filter: { ean: '4006381333932' }, columns: [] };
    expect(Object.keys(draftProblems(draft, 'P-1')).sort()).toEqual(['columns', 'filter.ean', 'name']);
    const saved = draftOf({ name: 'Daily', reportType: 'transactions', filter: { result: 'approved' }, columns: ['at'], format: 'xlsx' });
    expect(draftProblems(saved, 'P-1')).toEqual({});
    expect(saved.filter).toEqual({ result: 'approved' });
  });
});

describe('schedule draft', () => {
  const base = scheduleBody({ enabled: true });
  it('toggles days in Monday–Sunday order and needs one day and a valid time and zone', () => {
    expect(withDay(withDay(base, 'sunday', true), 'wednesday', true).reportingDays).toEqual(['monday', 'wednesday', 'sunday']);
    expect(Object.keys(scheduleProblems({ ...withDay(base, 'monday', false), sendTime: '6:00', timeZone: 'Mars/Base' })).sort()).toEqual([
      'reportingDays',
      'sendTime',
      'timeZone',
    ]);
  });
});

describe('report format', () => {
  it("says a run's period as one day or a range", () => {
    expect(periodText({ dateFrom: '2026-11-23', dateUntil: '2026-11-23' }, 'en-US')).toBe('Nov 23, 2026');
    expect(periodText({ dateFrom: '2026-11-01', dateUntil: '2026-11-23' }, 'en-US')).toBe('Nov 1, 2026 – Nov 23, 2026');
  });

  it('says reporting days as ranges', () => {
    const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
    expect(reportingDaysText(week, 'en-US', 'Every day')).toBe('Mon–Fri');
    expect(reportingDaysText(['monday', 'wednesday', 'friday', 'saturday'], 'en-US', 'Every day')).toBe('Mon, Wed, Fri, Sat');
    expect(reportingDaysText([...week, 'saturday', 'sunday'], 'de-DE', 'Jeden Tag')).toBe('Jeden Tag');
    expect(reportingDaysText(week, 'de-DE', '')).toBe('Mo–Fr');
  });

  it("checks a run's period before it is sent", () => {
    expect(runPeriodOf('yesterday', '2026-11-25')).toEqual({ preset: 'yesterday', dateFrom: '2026-11-24', dateUntil: '2026-11-24' });
    expect(runPeriodProblem({ preset: 'custom', dateFrom: '2026-11-25', dateUntil: '2026-11-24' }, 400)).toBe('endBeforeStart');
    expect(runPeriodProblem({ preset: 'custom', dateFrom: '2025-01-01', dateUntil: '2026-11-24' }, 400)).toBe('tooLong');
    expect(runPeriodProblem({ preset: 'custom', dateFrom: '', dateUntil: '2026-11-24' }, 400)).toBe('required');
    expect(runPeriodProblem({ preset: 'custom', dateFrom: '2026-11-01', dateUntil: '2026-11-24' }, 400)).toBeNull();
  });
});

describe('row counts', () => {
  it('says one row in the singular and other counts in the plural with the number in the user format', () => {
    const t = ((key: string, values?: Record<string, string>) => `${key}${values ? ` ${JSON.stringify(values)}` : ''}`) as Translate;
    expect(rowCountText(t, 1, 'de-DE')).toBe('reports.files.rowCount {"count":1,"rows":"1"}');
    expect(rowCountText(t, 0, 'de-DE')).toBe('reports.files.rowCount {"count":0,"rows":"0"}');
    expect(rowCountText(t, 12345, 'de-DE')).toBe('reports.files.rowCount {"count":12345,"rows":"12.345"}');
  });
});
