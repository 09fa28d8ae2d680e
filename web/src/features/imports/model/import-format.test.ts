import { describe, expect, it } from 'vitest';
import { errorsCut, fileName, issuesOf, phasePercent, sizeText } from './import-format.ts';

describe('import format', () => {
  it('names a file by the last segment of its key', () => {
    expect(fileName('sftp/P-2001/imports/transactions.jsonl')).toBe('transactions.jsonl');
    expect(fileName('imports/stores.csv')).toBe('stores.csv');
    expect(fileName('plain')).toBe('plain');
  });

  it("shows the current phase's progress by bytes, full once done, none for a refused or empty file", () => {
    expect(phasePercent({ status: 'checking', bytes: 1000, bytesDone: 250 })).toBe(25);
    expect(phasePercent({ status: 'importing', bytes: 3, bytesDone: 2 })).toBe(66);
    expect(phasePercent({ status: 'done', bytes: 1000, bytesDone: 0 })).toBe(100);
    expect(phasePercent({ status: 'rejected', bytes: 1000, bytesDone: 1000 })).toBeNull();
    expect(phasePercent({ status: 'checking', bytes: 0, bytesDone: 0 })).toBeNull();
  });

  it("writes sizes in the locale's numbers", () => {
    expect(sizeText(512, 'en-US')).toBe('512 B');
    expect(sizeText(1_234_567, 'en-US')).toBe('1.2 MB');
    expect(sizeText(12_345, 'de-DE')).toBe('12,3 KB');
  });

  it("splits a reason into its issues' fields and messages", () => {
    expect(issuesOf({ line: 3, reason: 'amount: Invalid input; items.0.ean: Too short' })).toEqual([
      { line: 3, field: 'amount', message: 'Invalid input' },
      { line: 3, field: 'items.0.ean', message: 'Too short' },
    ]);
    expect(issuesOf({ line: 9, reason: 'Unknown store S-1' })).toEqual([{ line: 9, field: '', message: 'Unknown store S-1' }]);
  });

  it('knows when the API kept fewer errors than the file has', () => {
    expect(errorsCut({ errorCount: 140, errors: new Array(100).fill(null) })).toBe(true);
    expect(errorsCut({ errorCount: 2, errors: [1, 2] })).toBe(false);
  });
});
