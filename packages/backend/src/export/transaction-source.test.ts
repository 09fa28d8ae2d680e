import type { Backend } from '@portal/backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, importOk } from '../../../../tests/support/test-backend.ts';
import { PROVIDER, seedReferences } from '../../../../tests/support/transaction-references.ts';
import { getCustomer } from '../customers/index.ts';
import { transactionTypes } from '../masterdata/index.ts';
import { bookingCustomerNames, transactionRows } from '../transaction/index.ts';
import { TRANSACTION_COLUMNS, transactionSource } from './transaction-source.ts';

/**
 * The Transactions export reads only the attributes its columns list and maps each item straight to its file row
 * (ADR 134): every column must hold what the API's row of the same transaction holds, with the customer's and the
 * type's names as the screen shows them (ADR 056: a provider's ledger lists other customers' sales), empty where the
 * row has no value (no store, serial or EAN), in the same order, for the booking customer's ledger and the provider's.
 */
const NOW = new Date('2026-11-21T10:00:00Z');
let backend: Backend;

const LINES = Array.from({ length: 60 }, (_, i) => ({
  transactionId: `X-${i}`,
  at: new Date(Date.parse('2026-11-18T21:00:00Z') + i * 47 * 60_000).toISOString(),
  customerId: 'C-1',
  terminalId: `TERM-${i % 3}`,
  type: i % 5 ? 'activation' : 'redemption',
  resultCode: i % 7 ? '00' : '51',
  result: i % 7 ? 'approved' : 'declined',
  ...(i % 2 ? { storeId: `S-${i % 4}`, serial: `76000000${String(i).padStart(8, '0')}` } : {}),
  ...(i % 4 === 0 ? { ean: PROVIDER.ean } : {}),
  amount: String(i % 9 === 0 ? -(100 + i) : 100 + i),
  currency: 'EUR',
}));

beforeAll(async () => {
  backend = await createTestBackend(() => NOW);
  await seedReferences(backend, ['C-1']);
  await importOk(backend, 'transactions', LINES);
}, 120_000);

/** The file's cells of every row as the API's rows give them: the row, the customer's and the type's names. */
async function apiCells(customerId: string, zone: string) {
  const db = backend.db;
  const filter = { customerId, startDate: '2026-11-18', endDate: '2026-11-21' };
  const [customer, types] = await Promise.all([getCustomer(db, customerId), transactionTypes.all(db)]);
  const namesOf = bookingCustomerNames(db, new Map([[customerId, customer?.name ?? null]]));
  const typeNames = new Map(types.map((type) => [type.transactionTypeId, type.name]));
  const out: unknown[][] = [];
  for await (const page of transactionRows(db, filter, zone, NOW.getTime())) {
    const names = await namesOf(page.map((t) => t.customerId));
    const rows = page.map((t) => ({ ...t, customerName: names.get(t.customerId) ?? null, typeName: typeNames.get(t.type) ?? t.type }));
    out.push(...rows.map((row): unknown[] => [...TRANSACTION_COLUMNS.map((c) => row[c.key as keyof typeof row] ?? null), row.typeName]));
  }
  return out;
}

async function fileCells(customerId: string, zone: string) {
  const filter = { customerId, startDate: '2026-11-18', endDate: '2026-11-21' };
  const ctx = { db: backend.db, timeZone: zone, username: 'tester', asOf: NOW.getTime() };
  const out: unknown[][] = [];
  for await (const page of transactionSource.rows(filter, ctx))
    out.push(...page.map((row): unknown[] => [...TRANSACTION_COLUMNS.map((c) => row[c.key] ?? null), row.typeName ?? null]));
  return out;
}

describe('the Transactions export source', () => {
  it.each([
    ['C-1', 'Europe/Berlin'],
    [PROVIDER.customerId, 'UTC'],
  ])("lists for every column what the API's row holds (%s's ledger, %s)", async (customerId, zone) => {
    const expected = await apiCells(customerId, zone);
    expect(expected.length).toBeGreaterThan(customerId === 'C-1' ? 40 : 5);
    expect(await fileCells(customerId, zone)).toEqual(expected);
  });
});
