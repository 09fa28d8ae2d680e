import { GENERAL_REPORT_IDS, GENERAL_REPORTS, reportNameIn } from '@portal/core/report';
import { describe, expect, it } from 'vitest';
import deReports from '../../../i18n/de-DE/reports.json';
import enReports from '../../../i18n/en-US/reports.json';

/**
 * ADR 054: a general report has one name per language, the same in screens (the catalogues), mails and
 * file names (core's `names`). A custom report keeps the name its author typed.
 */
const lookup = (catalogue: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

describe('general report names', () => {
  it.each(GENERAL_REPORT_IDS.map((id) => [id]))('%s: the screens say what mails and files say, in English and German', (id) => {
    const report = GENERAL_REPORTS[id];
    expect(lookup(enReports, report.nameKey)).toBe(report.names.en);
    expect(lookup(deReports, report.nameKey)).toBe(report.names.de);
    expect(report.name).toBe(report.names.en);
  });

  it('names a general report in the language asked, a custom report as typed', () => {
    expect(reportNameIn({ processId: 'gen.sales-by-day.R-1', name: 'Sales by day' }, 'de')).toBe('Umsätze nach Tag');
    expect(reportNameIn({ processId: 'gen.sales-by-day.R-1', name: 'Sales by day' }, 'en')).toBe('Sales by day');
    expect(reportNameIn({ processId: 'c-123', name: 'meine Umsätze' }, 'de')).toBe('meine Umsätze');
  });
});
