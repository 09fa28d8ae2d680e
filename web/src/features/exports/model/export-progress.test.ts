import { EXPORT_SPLIT_MESSAGE } from '@portal/core/export';
import { describe, expect, it } from 'vitest';
import de from '../../../i18n/de-DE/exports.json';
import en from '../../../i18n/en-US/exports.json';
import { exportRequest, progressPercent } from './export-progress.ts';

describe('progressPercent', () => {
  it('is unknown before the total, rounds down while running, 100 when done', () => {
    expect(progressPercent({ status: 'queued', rowsWritten: 0, totalRows: null })).toBeNull();
    expect(progressPercent({ status: 'running', rowsWritten: 999, totalRows: 1000 })).toBe(99);
    expect(progressPercent({ status: 'running', rowsWritten: 1200, totalRows: 1000 })).toBe(100);
    expect(progressPercent({ status: 'running', rowsWritten: 0, totalRows: 0 })).toBe(100);
    expect(progressPercent({ status: 'done', rowsWritten: 5, totalRows: 7 })).toBe(100);
  });
});

describe('the split message', () => {
  it('is SPEC 8 verbatim in English (core EXPORT_SPLIT_MESSAGE) and translated in German', () => {
    expect(en.exports.split).toBe(EXPORT_SPLIT_MESSAGE);
    expect(de.exports.split).not.toBe(EXPORT_SPLIT_MESSAGE);
  });
});

describe('exportRequest', () => {
  it('adds the chosen format to the section target', () => {
    const filter = { customerId: 'R-1', startDate: '2026-11-01', endDate: '2026-11-20' };
    expect(exportRequest({ kind: 'transactions', filter }, 'xlsx')).toEqual({ kind: 'transactions', format: 'xlsx', filter });
  });
});
