import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kindOfFileName, parseImportText } from '@portal/backend';
import { describe, expect, it } from 'vitest';
import { createTestBackend } from '../../tests/support/test-backend.ts';
import { generateDataSet } from './generate.ts';
import { importFile } from './seed.ts';
import { amountOf, apportion, paretoShares, terminalsOf, TRANSACTION_FIELDS } from './transactions.ts';

const TODAY = '2026-11-25';
const folder = () => mkdtempSync(join(tmpdir(), 'tx-gen-'));
/** A CSV record of the files read here (an empty cell is absent). */
type Row = Record<(typeof TRANSACTION_FIELDS)[number] | 'retailerId' | 'serialFrom', string> & { serialTo?: string };
const rowsOf = (file: string) => parseImportText('.csv', readFileSync(file, 'utf8')).lines.map((l) => l.data as Row);

describe('generated transactions', () => {
  const dir = folder();
  const { counts, transactionsByCustomer } = generateDataSet({ scale: 'small', seed: 3, dir, today: TODAY, transactions: 4_000 });
  const file = join(dir, 'transactions.csv');
  const rows = rowsOf(file);

  it('are exactly as many as asked, the first customer half of them, deterministic for the seed', () => {
    expect(counts.transactions).toBe(4_000);
    expect(rows).toHaveLength(4_000);
    expect(readFileSync(file, 'utf8').split('\r\n')[0]).toBe(TRANSACTION_FIELDS.join(','));
    expect(transactionsByCustomer['R-7001']).toBe(2_000);
    expect(Object.values(transactionsByCustomer).reduce((a, b) => a + b, 0)).toBe(4_000);
    expect(new Set(rows.map((r) => r.transactionId)).size).toBe(4_000);
    const again = folder();
    generateDataSet({ scale: 'small', seed: 3, dir: again, today: TODAY, transactions: 4_000 });
    expect(readFileSync(join(again, 'transactions.csv'), 'utf8')).toBe(readFileSync(file, 'utf8'));
  });

  it('lie in the 90 days before today, oldest first per customer, on stable terminals of the customer', () => {
    const stores = new Map(rowsOf(join(dir, 'stores.csv')).map((s) => [s.storeId, s]));
    for (const row of rows) {
      expect(row.at >= '2026-08-26T22:00:00.000Z' && row.at < '2026-11-24T23:00:00.000Z').toBe(true);
      expect(row.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      if (row.storeId) {
        expect(stores.get(row.storeId)!.retailerId).toBe(row.customerId);
        expect(terminalsOf(stores.get(row.storeId)!)).toContain(row.terminalId);
      } else expect(row.terminalId).toMatch(/^HOST-/);
    }
    const ofFirst = rows.filter((r) => r.customerId === 'R-7001').map((r) => r.at);
    expect(ofFirst).toEqual([...ofFirst].sort());
  });

  it("have realistic types, results and signed amounts; serial rows carry the range's serials and EAN", () => {
    const share = (p: (r: Row) => boolean) => rows.filter(p).length / rows.length;
    expect(share((r) => r.resultCode === '00' && r.result === 'approved')).toBeGreaterThan(0.8);
    expect(share((r) => r.result === 'declined')).toBeGreaterThan(0.02);
    expect(share((r) => r.result === 'error')).toBeGreaterThan(0.01);
    const types = new Set(rows.map((r) => r.type));
    for (const t of ['activation', 'redemption', 'void', 'deactivation', 'sale', 'refund', 'top-up', 'balance-inquiry', 'reversal'])
      expect(types).toContain(t);
    for (const row of rows) {
      const amount = Number(row.amount);
      if (['void', 'refund', 'reversal'].includes(row.type)) expect(amount).toBeLessThan(0);
      else if (['deactivation', 'balance-inquiry'].includes(row.type)) expect(amount).toBe(0);
      else expect(amount).toBeGreaterThan(0);
      expect(row.currency).toBe('EUR');
    }
    const ranges = rowsOf(join(dir, 'serials.csv'));
    const inRange = (serial: string, ean: string, customerId: string) =>
      ranges.some((r) => r.retailerId === customerId && r.ean === ean && r.serialFrom <= serial && serial <= (r.serialTo ?? r.serialFrom));
    const serialRows = rows.filter((r) => ['activation', 'redemption', 'void', 'deactivation'].includes(r.type));
    expect(serialRows.length).toBeGreaterThan(50);
    for (const row of serialRows) expect(inRange(row.serial, row.ean, row.customerId)).toBe(true);
    // A redemption follows its card's activation.
    for (const redemption of serialRows.filter((r) => r.type === 'redemption')) {
      const activation = serialRows.find((r) => r.serial === redemption.serial && r.type === 'activation' && r.result === 'approved')!;
      expect(activation.at < redemption.at).toBe(true);
    }
  });

  it('import through the transactions kind without a rejected line', async () => {
    // A set of 1,000 (with every customer, type and result of the 4,000 above), not the 4,000: an imported
    // transaction costs several milliseconds on DynamoDB Local, and what could be refused is in each kind of line.
    const imported = folder();
    const set = generateDataSet({ scale: 'small', seed: 3, dir: imported, today: TODAY, transactions: 1_000 });
    const lines = rowsOf(join(imported, 'transactions.csv'));
    for (const field of ['customerId', 'type', 'result', 'currency'] as const)
      expect(new Set(lines.map((r) => r[field])), field).toEqual(new Set(rows.map((r) => r[field])));
    expect(lines.filter((r) => r.serial).length).toBeGreaterThan(10);
    const backend = await createTestBackend(() => new Date(`${TODAY}T10:00:00Z`));
    for (const f of set.files) {
      const kind = kindOfFileName(f)!.kind;
      if (kind === 'sales' || kind === 'shipments') continue;
      const report = await importFile(backend, f);
      expect([kind, report.errors.slice(0, 3)]).toEqual([kind, []]);
      if (kind === 'transactions') expect(report.created).toBe(1_000);
    }
  }, 120_000);
});

describe('apportioning', () => {
  it('splits exactly and Pareto-like', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(2_000_000, paretoShares(61)).reduce((a, b) => a + b, 0)).toBe(2_000_000);
    expect(apportion(2_000_000, paretoShares(61))[0]).toBe(1_000_000);
    expect(amountOf('refund', 500)).toBe(-500);
  });
});
